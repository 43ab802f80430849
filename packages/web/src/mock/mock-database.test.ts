import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUsers } from './demo-users.ts';
import { createMockDatabase } from './mock-database.ts';

describe('demo users (spec 3)', () => {
  it('are admin, user and guest with role ids 1, 2 and 3', () => {
    expect(demoUsers().map((user) => [user.username, user.roles])).toEqual([
      ['admin', [1]],
      ['user', [2]],
      ['guest', [3]],
    ]);
  });

  it('carry every profile field, a website on the first only', () => {
    const fields = [
      'id',
      'username',
      'password',
      'email',
      'authToken',
      'refreshToken',
      'roles',
      'pic',
      'fullname',
      'firstname',
      'lastname',
      'occupation',
      'companyName',
      'phone',
      'language',
      'timeZone',
      'emailSettings',
      'communication',
      'address',
      'socialNetworks',
    ];
    const [admin, ...others] = demoUsers();
    for (const user of [admin, ...others]) {
      for (const field of fields) expect(user).toHaveProperty(field);
      expect(user?.password).toBe(DEMO_PASSWORD);
      expect(Object.keys(user?.emailSettings.activityRelatesEmail ?? {})).toEqual([
        'youHaveNewNotifications',
        'youAreSentADirectMessage',
        'someoneAddsYouAsAsAConnection',
        'uponNewOrder',
        'newMembershipApproval',
        'memberRegistration',
      ]);
      expect(Object.keys(user?.emailSettings.newsletterPreferences ?? {})).toHaveLength(5);
      expect(user?.emailSettings).toHaveProperty('emailNotification');
      expect(user?.emailSettings).toHaveProperty('sendCopyToPersonalEmail');
      expect(Object.keys(user?.communication ?? {})).toEqual(['email', 'sms', 'phone']);
      expect(Object.keys(user?.address ?? {})).toEqual(['addressLine', 'city', 'state', 'postCode']);
      expect(Object.keys(user?.socialNetworks ?? {})).toEqual([
        'linkedIn',
        'facebook',
        'twitter',
        'instagram',
      ]);
    }
    expect(admin?.website).toMatch(/^https:\/\//);
    for (const user of others) expect(user).not.toHaveProperty('website');
  });
});

describe('mock database', () => {
  it('starts ready with the users collection seeded', async () => {
    const db = createMockDatabase();
    expect(db.state()).toBe('ready');
    await db.whenReady();
    expect(db.collection('users')?.map((user) => user.username)).toEqual(['admin', 'user', 'guest']);
  });

  it('has no collection by another name, not even an inherited one', () => {
    const db = createMockDatabase();
    expect(db.collection('heroes')).toBeUndefined();
    expect(db.collection('toString')).toBeUndefined();
  });

  it('is resetting until a reset has rebuilt the seed, then ready again', async () => {
    const db = createMockDatabase();
    db.collection('users')?.splice(0, 3);
    const reset = db.reset();
    expect(db.state()).toBe('resetting');
    await reset;
    expect(db.state()).toBe('ready');
    expect(db.collection('users')).toHaveLength(3);
  });

  it('keeps its own copy: a change never reaches the seed or another database', () => {
    const first = createMockDatabase();
    const user = first.collection('users')?.[0];
    if (user) user.username = 'changed';
    expect(createMockDatabase().collection('users')?.[0]?.username).toBe('admin');
  });
});
