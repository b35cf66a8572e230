/** A session has just been created for this person (any way of signing in). */
export interface SignedIn {
  userId: string;
  ip: string | null;
  at: Date;
}

export type SignInListener = (event: SignedIn) => Promise<void>;

/**
 * Auth announces sign-ins here and features that care (privacy: retention and erasure) listen,
 * so auth imports no feature (issue 33 D). One per app. Listeners run in turn and are awaited
 * inside better-auth's session hook, as the privacy work was when auth called it directly: a
 * sign-in answers only after its effects are written, and a listener's failure fails it.
 */
export class SignInEvents {
  readonly #listeners: SignInListener[] = [];

  onSignedIn(listener: SignInListener): void {
    this.#listeners.push(listener);
  }

  async emitSignedIn(event: SignedIn): Promise<void> {
    for (const listener of this.#listeners) await listener(event);
  }
}
