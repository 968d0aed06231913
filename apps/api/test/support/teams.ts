import { TEAM_HEADER, type TeamRole } from '@reelbase/api-client';
import { signUpAndLogin, type SignedIn, type TestServer } from './test-server.ts';

/** Puts a person into a team with a role, as an accepted invitation would (the invitation flow has its own tests). */
export async function addMember(s: TestServer, teamId: string, userId: string, role: Exclude<TeamRole, 'owner'>, invitedBy: string | null = teamId) {
  await s.services.orm.em.fork().getConnection().execute('insert into team_members (team_id, user_id, role, invited_by) values (?, ?, ?, ?)', [teamId, userId, role, invitedBy]);
}

/** An owner and one signed-in member of each other role in the owner's team. */
export async function teamOfFour(s: TestServer): Promise<Record<TeamRole, SignedIn> & { teamId: string }> {
  const owner = await signUpAndLogin(s);
  const [admin, editor, viewer] = [await signUpAndLogin(s), await signUpAndLogin(s), await signUpAndLogin(s)];
  await addMember(s, owner.id, admin.id, 'admin');
  await addMember(s, owner.id, editor.id, 'editor');
  await addMember(s, owner.id, viewer.id, 'viewer');
  return { teamId: owner.id, owner, admin, editor, viewer };
}

/** The header that makes a request act for `teamId`. */
export const inTeam = (teamId: string) => ({ [TEAM_HEADER]: teamId });
