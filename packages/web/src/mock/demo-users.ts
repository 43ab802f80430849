/** The six activity flags of a demo profile's e-mail settings (spec 3). */
export type TActivityEmails = {
  youHaveNewNotifications: boolean;
  youAreSentADirectMessage: boolean;
  someoneAddsYouAsAsAConnection: boolean;
  uponNewOrder: boolean;
  newMembershipApproval: boolean;
  memberRegistration: boolean;
};

/** The five newsletter-preference flags (spec 3 gives the group, not the names: these are ours). */
export type TNewsletterPreferences = {
  productNewsAndFeatureUpdates: boolean;
  tipsForGettingMoreOutOfThePortal: boolean;
  whatYouMissedSinceYourLastSignIn: boolean;
  partnerProductsAndServices: boolean;
  tipsOnBusinessProducts: boolean;
};

/** Spec 3 "Demo user profile (mock mode only)", every field. */
export type TDemoUser = {
  id: number;
  username: string;
  password: string;
  email: string;
  authToken: string;
  refreshToken: string;
  roles: number[];
  pic: string;
  fullname: string;
  firstname: string;
  lastname: string;
  occupation: string;
  companyName: string;
  phone: string;
  language: string;
  timeZone: string;
  website?: string;
  emailSettings: {
    emailNotification: boolean;
    sendCopyToPersonalEmail: boolean;
    activityRelatesEmail: TActivityEmails;
    newsletterPreferences: TNewsletterPreferences;
  };
  communication: { email: boolean; sms: boolean; phone: boolean };
  address: { addressLine: string; city: string; state: string; postCode: string };
  socialNetworks: { linkedIn: string; facebook: string; twitter: string; instagram: string };
};

/** Every demo user signs in with this password (shown on the sign-in help in docs/operations.md). */
export const DEMO_PASSWORD = 'demo';

/** The refresh token a demo user has before any sign-in or renewal in this page. */
export function seedRefreshToken(id: number): string {
  return `mock-refresh-token-${id}`;
}

/** Role ids of the demo users (spec 3): 1 administrator, 2 user, 3 guest. */
export const DEMO_ROLE_IDS = { admin: 1, user: 2, guest: 3 } as const;

/**
 * The three demo users of spec 3 (usernames admin, user, guest; role ids 1, 2, 3), the mock's
 * seed. Only the first has a website, as the spec says. Tokens are placeholders until a sign-in
 * mints real ones.
 */
export function demoUsers(): TDemoUser[] {
  return [
    {
      id: 1,
      username: 'admin',
      password: DEMO_PASSWORD,
      email: 'admin@demo.example',
      authToken: 'mock-auth-token-1',
      refreshToken: seedRefreshToken(1),
      roles: [DEMO_ROLE_IDS.admin],
      pic: '',
      fullname: 'Ada Keller',
      firstname: 'Ada',
      lastname: 'Keller',
      occupation: 'Library administrator',
      companyName: 'Demo Building Systems',
      phone: '+41 44 555 01 01',
      language: 'en',
      timeZone: 'Europe/Zurich',
      website: 'https://demo.example',
      emailSettings: {
        emailNotification: true,
        sendCopyToPersonalEmail: false,
        activityRelatesEmail: {
          youHaveNewNotifications: false,
          youAreSentADirectMessage: false,
          someoneAddsYouAsAsAConnection: true,
          uponNewOrder: false,
          newMembershipApproval: false,
          memberRegistration: true,
        },
        newsletterPreferences: {
          productNewsAndFeatureUpdates: false,
          tipsForGettingMoreOutOfThePortal: false,
          whatYouMissedSinceYourLastSignIn: true,
          partnerProductsAndServices: true,
          tipsOnBusinessProducts: true,
        },
      },
      communication: { email: true, sms: true, phone: false },
      address: { addressLine: 'Seestrasse 12', city: 'Zurich', state: 'Zurich', postCode: '8002' },
      socialNetworks: {
        linkedIn: 'https://linkedin.com/in/demo-admin',
        facebook: 'https://facebook.com/demo-admin',
        twitter: 'https://twitter.com/demo-admin',
        instagram: 'https://instagram.com/demo-admin',
      },
    },
    {
      id: 2,
      username: 'user',
      password: DEMO_PASSWORD,
      email: 'user@demo.example',
      authToken: 'mock-auth-token-2',
      refreshToken: seedRefreshToken(2),
      roles: [DEMO_ROLE_IDS.user],
      pic: '',
      fullname: 'Ben Okafor',
      firstname: 'Ben',
      lastname: 'Okafor',
      occupation: 'Building services engineer',
      companyName: 'Demo Building Systems',
      phone: '+49 30 555 02 02',
      language: 'de',
      timeZone: 'Europe/Berlin',
      emailSettings: {
        emailNotification: true,
        sendCopyToPersonalEmail: false,
        activityRelatesEmail: {
          youHaveNewNotifications: true,
          youAreSentADirectMessage: true,
          someoneAddsYouAsAsAConnection: true,
          uponNewOrder: true,
          newMembershipApproval: true,
          memberRegistration: true,
        },
        newsletterPreferences: {
          productNewsAndFeatureUpdates: true,
          tipsForGettingMoreOutOfThePortal: true,
          whatYouMissedSinceYourLastSignIn: true,
          partnerProductsAndServices: false,
          tipsOnBusinessProducts: false,
        },
      },
      communication: { email: true, sms: false, phone: false },
      address: { addressLine: 'Friedrichstrasse 80', city: 'Berlin', state: 'Berlin', postCode: '10117' },
      socialNetworks: {
        linkedIn: 'https://linkedin.com/in/demo-user',
        facebook: 'https://facebook.com/demo-user',
        twitter: 'https://twitter.com/demo-user',
        instagram: 'https://instagram.com/demo-user',
      },
    },
    {
      id: 3,
      username: 'guest',
      password: DEMO_PASSWORD,
      email: 'guest@demo.example',
      authToken: 'mock-auth-token-3',
      refreshToken: seedRefreshToken(3),
      roles: [DEMO_ROLE_IDS.guest],
      pic: '',
      fullname: 'Chloé Martin',
      firstname: 'Chloé',
      lastname: 'Martin',
      occupation: 'Architect',
      companyName: 'Atelier Démo',
      phone: '+33 1 55 50 03 03',
      language: 'fr',
      timeZone: 'Europe/Paris',
      emailSettings: {
        emailNotification: false,
        sendCopyToPersonalEmail: false,
        activityRelatesEmail: {
          youHaveNewNotifications: false,
          youAreSentADirectMessage: true,
          someoneAddsYouAsAsAConnection: false,
          uponNewOrder: false,
          newMembershipApproval: false,
          memberRegistration: false,
        },
        newsletterPreferences: {
          productNewsAndFeatureUpdates: false,
          tipsForGettingMoreOutOfThePortal: false,
          whatYouMissedSinceYourLastSignIn: false,
          partnerProductsAndServices: false,
          tipsOnBusinessProducts: false,
        },
      },
      communication: { email: false, sms: false, phone: true },
      address: { addressLine: '8 rue de la Paix', city: 'Paris', state: 'Île-de-France', postCode: '75002' },
      socialNetworks: {
        linkedIn: 'https://linkedin.com/in/demo-guest',
        facebook: 'https://facebook.com/demo-guest',
        twitter: 'https://twitter.com/demo-guest',
        instagram: 'https://instagram.com/demo-guest',
      },
    },
  ];
}
