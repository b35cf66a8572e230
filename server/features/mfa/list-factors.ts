import type { FactorList } from '../../../shared/schemas/auth.ts';
import { reauthMethod } from '../../auth/reauth.ts';
import type { SessionContext } from '../../auth/session.ts';
import { toFactor, type MfaContext } from './factors.ts';

export async function listFactors(ctx: MfaContext, session: SessionContext): Promise<FactorList> {
  const rows = await ctx.database.db
    .selectFrom('mfa_factors')
    .selectAll()
    .where('user_id', '=', session.userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return { factors: rows.map(toFactor), reauth: await reauthMethod(ctx.database.db, session.userId) };
}
