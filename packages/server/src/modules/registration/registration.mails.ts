import type { TMailTexts } from '../../lib/mail-text.ts';

/** The activation code a self-care user asked for. */
export const ACTIVATION_MAIL: TMailTexts<{ firstName: string; code: string; link: string }> = {
  en: (v) => ({
    subject: 'Activate your Family Portal account',
    text: `Hello ${v.firstName},\n\nyour activation code is:\n\n${v.code}\n\nEnter it on the activation page, or open this link:\n${v.link}\n\nThe code is valid for 24 hours.\n`,
  }),
  zh: (v) => ({
    subject: '激活您的 Family Portal 账户',
    text: `${v.firstName}，您好：\n\n您的激活码是：\n\n${v.code}\n\n请在激活页面输入，或打开此链接：\n${v.link}\n\n激活码 24 小时内有效。\n`,
  }),
  es: (v) => ({
    subject: 'Active su cuenta de Family Portal',
    text: `Hola ${v.firstName}:\n\nsu código de activación es:\n\n${v.code}\n\nIntrodúzcalo en la página de activación o abra este enlace:\n${v.link}\n\nEl código es válido durante 24 horas.\n`,
  }),
  ja: (v) => ({
    subject: 'Family Portal アカウントの有効化',
    text: `${v.firstName} 様\n\n有効化コードは次のとおりです:\n\n${v.code}\n\n有効化ページで入力するか、次のリンクを開いてください:\n${v.link}\n\nコードの有効期限は 24 時間です。\n`,
  }),
  de: (v) => ({
    subject: 'Aktivieren Sie Ihr Family-Portal-Konto',
    text: `Hallo ${v.firstName},\n\nIhr Aktivierungscode lautet:\n\n${v.code}\n\nGeben Sie ihn auf der Aktivierungsseite ein oder öffnen Sie diesen Link:\n${v.link}\n\nDer Code ist 24 Stunden gültig.\n`,
  }),
  fr: (v) => ({
    subject: 'Activez votre compte Family Portal',
    text: `Bonjour ${v.firstName},\n\nvotre code d'activation est :\n\n${v.code}\n\nSaisissez-le sur la page d'activation ou ouvrez ce lien :\n${v.link}\n\nLe code est valable 24 heures.\n`,
  }),
};

/** Tells an administrator that someone registered and waits for approval. */
export const REGISTERED_MAIL: TMailTexts<{
  firstName: string;
  login: string;
  name: string;
  email: string;
  link: string;
}> = {
  en: (v) => ({
    subject: `New registration waiting for approval: ${v.login}`,
    text: `Hello ${v.firstName},\n\n${v.name} (${v.email}) registered as "${v.login}" and waits for approval:\n\n${v.link}\n`,
  }),
  zh: (v) => ({
    subject: `新注册等待批准：${v.login}`,
    text: `${v.firstName}，您好：\n\n${v.name}（${v.email}）以“${v.login}”注册，正在等待批准：\n\n${v.link}\n`,
  }),
  es: (v) => ({
    subject: `Nuevo registro pendiente de aprobación: ${v.login}`,
    text: `Hola ${v.firstName}:\n\n${v.name} (${v.email}) se ha registrado como "${v.login}" y espera aprobación:\n\n${v.link}\n`,
  }),
  ja: (v) => ({
    subject: `承認待ちの新規登録: ${v.login}`,
    text: `${v.firstName} 様\n\n${v.name}（${v.email}）が「${v.login}」として登録し、承認を待っています:\n\n${v.link}\n`,
  }),
  de: (v) => ({
    subject: `Neue Registrierung wartet auf Freigabe: ${v.login}`,
    text: `Hallo ${v.firstName},\n\n${v.name} (${v.email}) hat sich als „${v.login}“ registriert und wartet auf Freigabe:\n\n${v.link}\n`,
  }),
  fr: (v) => ({
    subject: `Nouvelle inscription en attente d'approbation : ${v.login}`,
    text: `Bonjour ${v.firstName},\n\n${v.name} (${v.email}) s'est inscrit sous « ${v.login} » et attend une approbation :\n\n${v.link}\n`,
  }),
};
