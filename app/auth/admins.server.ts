import { eq, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { authors, users } from "~/db/schema";
import { hashPassword } from "./password.server";

export type AdminInput = { email: string; password: string; fullName: string };

/**
 * Makes `email` a verified administrator with a linked author profile: creates the user, or
 * promotes the existing one (and sets the given password, since the operator asked for it).
 */
export async function createOrPromoteAdmin(input: AdminInput) {
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${input.email})`)
      .limit(1);
    let userId: number;
    let created: boolean;
    if (existing) {
      await tx
        .update(users)
        .set({
          role: "administrator",
          passwordHash,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, existing.id));
      userId = existing.id;
      created = false;
    } else {
      const [row] = await tx
        .insert(users)
        .values({
          email: input.email,
          fullName: input.fullName,
          passwordHash,
          role: "administrator",
          emailVerifiedAt: sql`now()`,
        })
        .returning({ id: users.id });
      userId = row!.id;
      created = true;
    }
    const [author] = await tx.select({ id: authors.id }).from(authors).where(eq(authors.userId, userId)).limit(1);
    const authorId =
      author?.id ??
      (await tx.insert(authors).values({ name: input.fullName, userId }).returning({ id: authors.id }))[0]!.id;
    return { userId, authorId, created };
  });
}
