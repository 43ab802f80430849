import type { TMailTexts } from '../../lib/mail-text.ts';

/** The short activation code a self-care user asked for, and the link that activates at once. */
export const ACTIVATION_MAIL: TMailTexts<{ firstName: string; code: string; link: string }> = {
  en: (v) => ({
    subject: 'Activate your Family Portal account',
    text: `Hello ${v.firstName},\n\nopen this link to activate your account and sign in at once (valid for 24 hours):\n${v.link}\n\nOr type this code on the activation page (valid for 1 hour):\n\n${v.code}\n`,
  }),
  zh: (v) => ({
    subject: '激活您的 Family Portal 账户',
    text: `${v.firstName}，您好：\n\n打开此链接即可激活账户并直接登录（24 小时内有效）：\n${v.link}\n\n或在激活页面输入以下激活码（1 小时内有效）：\n\n${v.code}\n`,
  }),
  es: (v) => ({
    subject: 'Active su cuenta de Family Portal',
    text: `Hola ${v.firstName}:\n\nabra este enlace para activar su cuenta e iniciar sesión directamente (válido durante 24 horas):\n${v.link}\n\nO escriba este código en la página de activación (válido durante 1 hora):\n\n${v.code}\n`,
  }),
  ja: (v) => ({
    subject: 'Family Portal アカウントの有効化',
    text: `${v.firstName} 様\n\n次のリンクを開くと、アカウントが有効化され、そのままサインインできます（有効期限 24 時間）:\n${v.link}\n\nまたは、有効化ページで次のコードを入力してください（有効期限 1 時間）:\n\n${v.code}\n`,
  }),
  de: (v) => ({
    subject: 'Aktivieren Sie Ihr Family-Portal-Konto',
    text: `Hallo ${v.firstName},\n\nöffnen Sie diesen Link, um Ihr Konto zu aktivieren und sich direkt anzumelden (24 Stunden gültig):\n${v.link}\n\nOder geben Sie diesen Code auf der Aktivierungsseite ein (1 Stunde gültig):\n\n${v.code}\n`,
  }),
  fr: (v) => ({
    subject: 'Activez votre compte Family Portal',
    text: `Bonjour ${v.firstName},\n\nouvrez ce lien pour activer votre compte et vous connecter directement (valable 24 heures) :\n${v.link}\n\nOu saisissez ce code sur la page d'activation (valable 1 heure) :\n\n${v.code}\n`,
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
