import type { TMailTexts } from '../../lib/mail-text.ts';

/** Sent to a user whose account an administrator approved. */
export const APPROVED_MAIL: TMailTexts<{ firstName: string; login: string; link: string }> = {
  en: (v) => ({
    subject: 'Your Family Portal account is approved',
    text: `Hello ${v.firstName},\n\nyour account "${v.login}" is approved. Sign in here:\n\n${v.link}\n`,
  }),
  zh: (v) => ({
    subject: '您的 Family Portal 账户已获批准',
    text: `${v.firstName}，您好：\n\n您的账户“${v.login}”已获批准。请在此登录：\n\n${v.link}\n`,
  }),
  es: (v) => ({
    subject: 'Su cuenta de Family Portal ha sido aprobada',
    text: `Hola ${v.firstName}:\n\nsu cuenta "${v.login}" ha sido aprobada. Inicie sesión aquí:\n\n${v.link}\n`,
  }),
  ja: (v) => ({
    subject: 'Family Portal のアカウントが承認されました',
    text: `${v.firstName} 様\n\nアカウント「${v.login}」が承認されました。こちらからサインインしてください:\n\n${v.link}\n`,
  }),
  de: (v) => ({
    subject: 'Ihr Family-Portal-Konto ist freigegeben',
    text: `Hallo ${v.firstName},\n\nIhr Konto „${v.login}“ ist freigegeben. Hier melden Sie sich an:\n\n${v.link}\n`,
  }),
  fr: (v) => ({
    subject: 'Votre compte Family Portal est approuvé',
    text: `Bonjour ${v.firstName},\n\nvotre compte « ${v.login} » est approuvé. Connectez-vous ici :\n\n${v.link}\n`,
  }),
};
