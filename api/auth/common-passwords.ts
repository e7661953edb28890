// Passwords refused because attackers try them first: the 49,233 most common passwords of public
// breach corpora, as shipped (compressed, about 370 KB) by @zxcvbn-ts/language-common. Server-only:
// the list stays out of the site's bundles. Compared in lower case, as the list is written, so
// "Password1" is refused with "password1".
import { dictionary } from "@zxcvbn-ts/language-common";

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose one that is harder to guess";

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.normalize("NFKC").toLowerCase());
}
