import { messages } from '@contract/messages';

/**
 * The error catalogue of spec section 8, as a pure function: what the app does with a failed request.
 * The api client applies the outcome (toast, sign-out); keeping the decision here makes it testable without a DOM.
 */
export type FailedRequest = { kind: 'network' } | { kind: 'http'; status: number; body: unknown };

export type ErrorToast = { id?: string; message: string };

export type ErrorOutcome = {
  /** The error toast to show, if any. */
  toast?: ErrorToast;
  /** Clear the stored session and go to /login. */
  signOut: boolean;
  /** The caller shows the error itself (field errors of a form). */
  passToCaller: boolean;
};

/** 500 and network failures share one toast, so a server outage shows a single message. */
export const SERVER_ERROR_TOAST_ID = 'server-error';

/** The server's `message`, when the body carries a non-empty one. */
export function serverMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  const { message } = body as { message: unknown };
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

export function classifyFailure(failure: FailedRequest): ErrorOutcome {
  if (failure.kind === 'network') {
    return {
      toast: { id: SERVER_ERROR_TOAST_ID, message: messages.networkError },
      signOut: false,
      passToCaller: false,
    };
  }
  const fromServer = serverMessage(failure.body);
  switch (failure.status) {
    case 401:
    case 403:
      return {
        toast: { message: fromServer ?? messages.somethingWentWrong },
        signOut: true,
        passToCaller: false,
      };
    case 422:
      return { signOut: false, passToCaller: true };
    case 500:
      return {
        toast: { id: SERVER_ERROR_TOAST_ID, message: fromServer ?? messages.internalServerError },
        signOut: false,
        passToCaller: false,
      };
    default:
      return {
        toast: { message: fromServer ?? messages.somethingWentWrong },
        signOut: false,
        passToCaller: false,
      };
  }
}
