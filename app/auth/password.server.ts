/**
 * Password hashing with Argon2id at OWASP's recommended minimum (19 MiB memory, 2 iterations,
 * 1 lane). The parameters live in the hash string, so raising them later needs no migration.
 */
import { hash, verify } from "@node-rs/argon2";

const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when no user matches makes "no such email" cost the same time as
// "wrong password", so timing does not reveal which emails have accounts.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string) {
  dummyHash ??= hashPassword("not-a-real-password-just-timing");
  await verifyPassword(await dummyHash, password);
}
