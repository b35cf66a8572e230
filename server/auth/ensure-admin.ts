import type { Database } from '../db/database.ts';
import type { Auth } from './auth.ts';
import { checkNewPassword } from './password-policy.ts';

export interface AdminInput {
  email: string;
  password?: string;
  name: string;
}

/**
 * Creates the account (confirmed) or promotes an existing one to admin. An existing account keeps
 * its password. There is no default admin: this runs only when someone asks for it.
 */
export async function ensureAdmin(auth: Auth, database: Database, input: AdminInput): Promise<'created' | 'promoted'> {
  const email = input.email.trim().toLowerCase();
  const { db } = database;
  let user = await db.selectFrom('auth_users').select('id').where('email', '=', email).executeTakeFirst();
  let outcome: 'created' | 'promoted' = 'promoted';
  if (!user) {
    if (!input.password) throw new Error('A password is needed to create a new admin account.');
    const problem = checkNewPassword(input.password);
    if (problem) throw new Error(problem);
    await auth.api.signUpEmail({ body: { email, password: input.password, name: input.name } });
    user = await db.selectFrom('auth_users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    outcome = 'created';
  }
  await db.updateTable('auth_users').set({ emailVerified: true }).where('id', '=', user.id).execute();
  await db
    .updateTable('user_profiles')
    .set({ role: 'admin', ...(outcome === 'created' ? { full_name: input.name } : {}) })
    .where('id', '=', user.id)
    .execute();
  // The confirmation mail queued by sign-up is pointless for an account confirmed here.
  if (outcome === 'created') {
    await db.deleteFrom('outbox_messages').where('recipient', '=', email).where('status', '=', 'pending').execute();
  }
  return outcome;
}
