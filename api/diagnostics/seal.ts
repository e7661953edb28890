// Sealing the service-account key at rest: AES-256-GCM (WebCrypto) under a key derived from
// DOCUMENT_AI_SECRET with HKDF-SHA-256. GCM authenticates as well as encrypts, so a changed row or a
// changed secret fails to open rather than yielding garbage; the additional data binds the sealed text
// to its purpose, so it cannot be replayed as some other secret.
const PURPOSE = new TextEncoder().encode("examprep document-ai credentials v1");
const VERSION = "v1";

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const unb64 = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

async function aesKey(secret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(32), info: PURPOSE },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** The plaintext sealed: 'v1.' + base64url(96-bit random IV) + '.' + base64url(ciphertext with its tag). */
export async function seal(secret: string, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: PURPOSE }, await aesKey(secret), new TextEncoder().encode(plaintext));
  return `${VERSION}.${b64(iv)}.${b64(new Uint8Array(sealed))}`;
}

/** The plaintext, or null when the text was not sealed with this secret (or was changed since). */
export async function unseal(secret: string, sealed: string): Promise<string | null> {
  const [version, iv, data] = sealed.split(".");
  if (version !== VERSION || !iv || !data) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: unb64(iv), additionalData: PURPOSE }, await aesKey(secret), unb64(data));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
