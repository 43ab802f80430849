import { describe, expect, it } from 'vitest';
import { LIVE_SESSION_TTL_MS } from '../sessions/live-sessions.service.ts';
import type { TokensRepository, TTokenHolder } from './tokens.repository.ts';
import { TokensService, type TTokensDeps } from './tokens.service.ts';

const TOKEN = `fpt_${'a'.repeat(43)}`;

/** A service over a fake repository holding one token valid until `validUntil`, with a clock. */
function serviceOf(validUntil: number) {
  let now = 1_000_000;
  const reads = { holder: 0, touches: [] as number[] };
  const holder: TTokenHolder = {
    id: 5,
    scopes: ['lookup'],
    validUntil: new Date(validUntil),
    lastUsed: null,
    userId: 7,
    login: 'tool-owner',
    userActive: true,
    userCompanyId: 3,
    roleNames: ['partnerrole'],
    grants: [
      {
        rolePermissionName: 'contentmanagement',
        permissionCreate: false,
        permissionRead: true,
        permissionUpdate: false,
        permissionDelete: false,
      },
    ],
  };
  const repo = {
    holder: async () => {
      reads.holder += 1;
      return holder;
    },
    touch: async (_id: number, at: Date) => {
      reads.touches.push(at.getTime());
    },
  } as unknown as TokensRepository;
  const service = new TokensService({
    repo,
    now: () => now,
  } as unknown as TTokensDeps);
  return { service, reads, tick: (ms: number) => (now += ms), now: () => now };
}

describe('TokensService.authenticate', () => {
  it('reads a token once within the TTL and again after it, as its creator with its grants', async () => {
    const { service, reads, tick } = serviceOf(Date.UTC(2100, 0, 1));
    const auth = await service.authenticate(TOKEN);
    expect(auth).toMatchObject({ userId: 7, companyId: 3, roles: ['partnerrole'], isAdmin: false });
    expect([...auth.permissions]).toEqual(['contentmanagement.read']);
    tick(LIVE_SESSION_TTL_MS - 1);
    expect(await service.authenticate(TOKEN)).toBe(auth);
    expect(reads.holder).toBe(1);
    tick(1);
    await service.authenticate(TOKEN);
    expect(reads.holder).toBe(2);
  });

  it("never answers from memory past the token's validUntil", async () => {
    const start = serviceOf(0).now();
    const { service, tick } = serviceOf(start + 10);
    await service.authenticate(TOKEN);
    tick(10);
    await expect(service.authenticate(TOKEN)).rejects.toMatchObject({ status: 401 });
  });

  it('still writes the last use once a minute when the caller is remembered', async () => {
    const { service, reads, tick } = serviceOf(Date.UTC(2100, 0, 1));
    await service.authenticate(TOKEN);
    tick(1000);
    await service.authenticate(TOKEN);
    expect(reads.touches).toHaveLength(1);
    tick(60_000);
    await service.authenticate(TOKEN);
    expect(reads.touches).toHaveLength(2);
  });
});
