import { ASSIGNABLE_TEAM_ROLES } from '@reelbase/api-client';
import { roleLabel } from './role-tag.tsx';

// What the team page's parts share.
export const cardTitle = (text: string) => <h2 style={{ fontSize: 18, margin: 0 }}>{text}</h2>;
export const roleOptions = () => ASSIGNABLE_TEAM_ROLES.map((r) => ({ value: r, label: roleLabel(r) }));
export const memberName = (m: { name: string; email: string }) => m.name.trim() || m.email;

/** One member or invitation action, its outcome in the alert bar; the lists reload either way. */
export type TeamAction = (run: () => Promise<unknown>, done: string) => Promise<void>;
