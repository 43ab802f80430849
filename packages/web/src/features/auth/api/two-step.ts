import { ZEnvelope, ZMfaSetup, ZRecoveryCodes } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

export type TTwoStepSetup = z.infer<typeof ZMfaSetup>;

/** POST /api/user/mfa/setup: a new secret for the authenticator app (not active until enabled). */
export function setUpTwoStep(): Promise<TTwoStepSetup> {
  return typedRequest('/user/mfa/setup', ZMfaSetup, { body: {} });
}

/** POST /api/user/mfa/enable {code}: turns the second factor on and answers single-use recovery codes. */
export function enableTwoStep(code: string): Promise<{ recoveryCodes: string[] }> {
  return typedRequest('/user/mfa/enable', ZRecoveryCodes, { body: { code } });
}

/** POST /api/user/mfa/disable {code}. */
export function disableTwoStep(code: string): Promise<object> {
  return typedRequest('/user/mfa/disable', ZEnvelope, { body: { code } });
}

export function useSetUpTwoStep() {
  return useMutation({ mutationFn: setUpTwoStep });
}

export function useEnableTwoStep() {
  return useMutation({ mutationFn: enableTwoStep });
}

export function useDisableTwoStep() {
  return useMutation({ mutationFn: disableTwoStep });
}
