import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Tests only (NODE_ENV=test): the same scrypt, the same "salt:key" format and the same code path
 * as better-auth's own hasher, at a sixteenth of the work factor (N = 1024 instead of 16384).
 * The test suites create and sign in thousands of accounts; at the real cost each hash and check
 * takes 60–250 ms of a CI core. Never used outside tests: createAuth picks it only when
 * NODE_ENV is "test", which production configuration cannot be.
 */
const PARAMS: ScryptOptions = { N: 1024, r: 16, p: 1, maxmem: 128 * 1024 * 1024 };
const KEY_LENGTH = 64;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, PARAMS, (error, key) => (error ? reject(error) : resolve(key))));
}

export const testPasswordHasher = {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await derive(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await derive(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
