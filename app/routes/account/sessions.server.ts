/** intent=sessions: sign out every other session. */
import { signOutOtherSessions } from "~/account/account.server";
import { back, type SectionForm } from "./reply.server";

export async function sessionsAction({ user }: SectionForm, request: Request) {
  await signOutOtherSessions(user.id, request);
  return back("Signed out everywhere else");
}
