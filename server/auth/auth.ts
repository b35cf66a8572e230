import { betterAuth } from 'better-auth';
import { emailOTP } from 'better-auth/plugins/email-otp';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { enqueueMessage } from '../messaging/outbox.ts';
import { enqueueEmailCode } from './email-code-limits.ts';
import { confirmationEmail, existingAccountSignUpEmail, passwordResetEmail } from './emails.ts';
import { deriveMfaKeys, generateOneTimeCode, hashOneTimeCode } from './mfa-crypto.ts';
import type { SignInEvents } from './sign-in-events.ts';
import { writeSignUpDecoy } from './sign-up-decoy.ts';
import { testPasswordHasher } from './test-password-hasher.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../shared/options.ts';

export const CLIENT_IP_HEADER = 'x-workcred-client-ip';
/** Sessions end after this long without use (refreshed at most every SESSION_UPDATE_AGE). */
export const SESSION_IDLE_SECONDS = 60 * 60 * 12;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 15;
/** Sessions end this long after sign-in whatever the use (enforced in session.ts). */
export const SESSION_ABSOLUTE_SECONDS = 60 * 60 * 24 * 7;
/** The candidate's email code (ASVS 6.5.5 expiry, 6.6.3 tries). */
export const EMAIL_CODE_TTL_SECONDS = 60 * 10;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;

interface AuthDeps {
  config: Config;
  database: Database;
  /** Called after a message row is written, to deliver it soon. */
  onMessageQueued: () => void;
  /** Told of every sign-in, awaited before it answers (privacy listens: retention, erasure). */
  signInEvents: SignInEvents;
  /** The time now (tests move it): when a sign-in was, for the retention schedule. */
  clock?: () => Date;
}

export function createAuth({ config, database, onMessageQueued, signInEvents, clock = () => new Date() }: AuthDeps) {
  const { db } = database;
  const sessionCookieName = config.isProduction ? '__Host-workcred.session_token' : 'workcred.session_token';
  const codeKeys = deriveMfaKeys(config.AUTH_SECRET);

  return betterAuth({
    appName: 'WorkCred',
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret: config.AUTH_SECRET,
    trustedOrigins: [config.PUBLIC_URL],
    logger: { disabled: config.NODE_ENV === 'test', level: 'warn' },
    database: { db, type: 'postgres' },
    user: {
      modelName: 'auth_users',
      additionalFields: {
        // Sign-up metadata of spec point 7 (full_name travels as better-auth's name).
        companyName: { type: 'string', required: false, input: true },
        // The pricing section's plan (starter or professional; a CHECK refuses anything else).
        chosenPlan: { type: 'string', required: false, input: true },
      },
    },
    session: {
      modelName: 'auth_sessions',
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      additionalFields: { aal: { type: 'string', required: false, input: false, defaultValue: 'aal1' } },
    },
    account: { modelName: 'auth_accounts' },
    verification: { modelName: 'auth_verifications' },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'auth_rate_limits',
      window: 60,
      max: 120,
      customRules: {
        '/sign-in/email': { window: 60, max: 20 },
        '/sign-up/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 5 },
        // The email-OTP plugin's own endpoints. The HTTP bridge does not serve them (routes.ts);
        // these limits hold should one ever be opened. Our candidate routes call the plugin
        // server-side (no HTTP limiter there) and apply their own per-IP and per-address limits.
        '/sign-in/email-otp': { window: 60, max: 10 },
        '/email-otp/*': { window: 60, max: 5 },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
      // Tests only: a cheaper work factor for the thousands of test accounts (see the file).
      ...(config.NODE_ENV === 'test' ? { password: testPasswordHasher } : {}),
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, url }) {
        await enqueueMessage(db, passwordResetEmail(user.email, url));
        onMessageQueued();
      },
      // Issue 33 A8 (ASVS 6.3.8): a sign-up with a known address does the work of a new one, so the
      // answer's timing does not tell the two apart: better-auth hashes the password either way;
      // this writes a new sign-up's rows for a decoy and rolls them back, and queues one email
      // (a new sign-up queues its confirmation), telling the owner someone tried.
      async onExistingUserSignUp({ user }) {
        await writeSignUpDecoy(db);
        await enqueueMessage(db, existingAccountSignUpEmail(user.email, `${config.PUBLIC_URL}/auth`));
        onMessageQueued();
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url }) {
        await enqueueMessage(db, confirmationEmail(user.email, user.name, url));
        onMessageQueued();
      },
    },
    plugins: [
      // The candidate registration's email step (POST /api/candidate/registration/email{,/verify}):
      // a 6-digit code by email signs the candidate in, creating the account when new.
      emailOTP({
        otpLength: 6,
        expiresIn: EMAIL_CODE_TTL_SECONDS,
        allowedAttempts: EMAIL_CODE_MAX_ATTEMPTS,
        // crypto.randomInt, like every other one-time code here (ASVS 6.5.3).
        generateOTP: () => generateOneTimeCode(),
        // Stored hashed like 'hashed', but keyed: a plain SHA-256 of six digits is undone by
        // trying the million codes, so a copy of the database alone must not give codes away.
        storeOTP: { hash: async (otp) => hashOneTimeCode(codeKeys, 'candidate-email-code', otp) },
        async sendVerificationOTP({ email, otp }) {
          // Counted and queued in one transaction; refuses past the per-address caps.
          await enqueueEmailCode(db, email, otp);
          onMessageQueued();
        },
      }),
    ],
    socialProviders:
      config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? { google: { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET } }
        : {},
    advanced: {
      // Secure cookies are set by hand so production gets the stricter __Host- prefix.
      useSecureCookies: false,
      defaultCookieAttributes: { secure: config.isProduction, sameSite: 'lax', httpOnly: true, path: '/' },
      cookies: { session_token: { name: sessionCookieName } },
      cookiePrefix: 'workcred',
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      session: {
        create: {
          // Awaited, so the listeners' work (privacy: retention, erasure) is done before the answer.
          async after(session) {
            await signInEvents.emitSignedIn({ userId: session.userId, ip: session.ipAddress ?? null, at: clock() });
          },
        },
      },
      user: {
        create: {
          async after(user) {
            const companyName = (user as { companyName?: string | null }).companyName;
            await db
              .insertInto('user_profiles')
              .values({
                id: user.id,
                email: user.email,
                full_name: user.name.trim(),
                // Employer sign-up carries a company name; everyone else starts as a candidate.
                role: companyName ? 'employer' : 'candidate',
              })
              .onConflict((oc) => oc.column('id').doNothing())
              .execute();
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
