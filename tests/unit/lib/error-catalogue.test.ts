import { messages } from '@contract/messages';
import { describe, expect, it } from 'vitest';
import { classifyFailure, SERVER_ERROR_TOAST_ID, serverMessage } from '@/lib/error-catalogue';

const http = (status: number, body: unknown = null) => classifyFailure({ kind: 'http', status, body });

describe('error catalogue (spec 8)', () => {
  describe.each([401, 403])('%i', (status) => {
    it("toasts the server's message and signs out", () => {
      expect(http(status, { message: 'Your session has expired. Please log in again.' })).toEqual({
        toast: { message: 'Your session has expired. Please log in again.' },
        signOut: true,
        passToCaller: false,
      });
    });

    it('falls back to the generic message when the server gives none', () => {
      const outcome = http(status, null);
      expect(outcome.toast?.message).toBe('Something went wrong. Please try again.');
      expect(outcome.signOut).toBe(true);
    });

    it('treats a blank message as none', () => {
      expect(http(status, { message: '   ' }).toast?.message).toBe(messages.somethingWentWrong);
    });
  });

  it('passes a 422 back to the caller without a toast or sign-out', () => {
    expect(
      http(422, { message: 'The given data was invalid.', errors: { email: 'Email field is required.' } }),
    ).toEqual({ signOut: false, passToCaller: true });
  });

  it("toasts a 500 with the server's message under the shared id", () => {
    expect(http(500, { message: 'Database unavailable.' })).toEqual({
      toast: { id: SERVER_ERROR_TOAST_ID, message: 'Database unavailable.' },
      signOut: false,
      passToCaller: false,
    });
  });

  it("toasts a 500 without a message as 'Internal Server Error.'", () => {
    expect(http(500, '<html>Bad gateway</html>').toast).toEqual({
      id: SERVER_ERROR_TOAST_ID,
      message: 'Internal Server Error.',
    });
  });

  it("toasts a network error as 'Network Error.' under the same id as a 500", () => {
    const network = classifyFailure({ kind: 'network' });
    expect(network).toEqual({
      toast: { id: SERVER_ERROR_TOAST_ID, message: 'Network Error.' },
      signOut: false,
      passToCaller: false,
    });
    expect(network.toast?.id).toBe(http(500).toast?.id);
  });

  it.each([400, 404, 409, 429, 502, 503])(
    "toasts any other status (%i) with the server's message",
    (status) => {
      const outcome = http(status, { message: 'Something specific.' });
      expect(outcome).toEqual({
        toast: { message: 'Something specific.' },
        signOut: false,
        passToCaller: false,
      });
      expect(outcome.toast?.id).toBeUndefined();
    },
  );

  it.each([404, 429])('toasts any other status (%i) without a message generically', (status) => {
    expect(http(status, {}).toast?.message).toBe('Something went wrong. Please try again.');
  });

  it('reads only a string message from the body', () => {
    expect(serverMessage({ message: 42 })).toBeUndefined();
    expect(serverMessage('message')).toBeUndefined();
    expect(serverMessage({ message: 'Fine.' })).toBe('Fine.');
  });
});
