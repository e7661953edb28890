// Password hashing with scrypt (node:crypto) at OWASP's current cost: N=2^17, r=8, p=1 (128 MiB of
// memory per hash), 64-byte key, 16-byte salt. Stored as "scrypt$N$r$p$salt$hash" (base64), so a hash
// made with older parameters still verifies, and `needsRehash` tells sign-in to replace it.
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";

export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
/** No stored hash may make the server spend more than this (a damaged or hostile row). */
const MAX_N = 2 ** 20;

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize("NFKC"), salt, KEY_LENGTH, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key)
    )
  );
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMS;
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

function parse(stored: string) {
  const [algorithm, n, r, p, salt, hash] = stored.split("$");
  const params = { n: Number(n), r: Number(r), p: Number(p) };
  const valid = algorithm === "scrypt" && Boolean(salt && hash) && Object.values(params).every((v) => Number.isInteger(v) && v > 0);
  return valid && params.n <= MAX_N && params.r <= 32 && params.p <= 16 ? { ...params, salt: salt!, hash: hash! } : null;
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.hash, "base64");
  const key = await scrypt(password, Buffer.from(parsed.salt, "base64"), parsed.n, parsed.r, parsed.p);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Whether a stored hash was made with other parameters than today's (sign-in then stores a new one). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.n !== SCRYPT_PARAMS.N || parsed.r !== SCRYPT_PARAMS.r || parsed.p !== SCRYPT_PARAMS.p;
}
