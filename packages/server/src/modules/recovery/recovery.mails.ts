import type { TMailTexts } from '../../lib/mail-text.ts';

/** The reset link of forgot-password. */
export const RESET_MAIL: TMailTexts<{ firstName: string; login: string; link: string }> = {
  en: (v) => ({
    subject: 'Reset your Family Portal password',
    text: `Hello ${v.firstName},\n\nsomeone asked to reset the password of your account "${v.login}".\nOpen this link within one hour to choose a new one:\n\n${v.link}\n\nIf it was not you, ignore this mail; your password stays as it is.\n`,
  }),
  zh: (v) => ({
    subject: '重置您的 Family Portal 密码',
    text: `${v.firstName}，您好：\n\n有人请求重置您的账户“${v.login}”的密码。\n请在一小时内打开此链接设置新密码：\n\n${v.link}\n\n如果不是您本人操作，请忽略此邮件，您的密码不会改变。\n`,
  }),
  es: (v) => ({
    subject: 'Restablezca su contraseña de Family Portal',
    text: `Hola ${v.firstName}:\n\nalguien ha pedido restablecer la contraseña de su cuenta "${v.login}".\nAbra este enlace en el plazo de una hora para elegir una nueva:\n\n${v.link}\n\nSi no ha sido usted, ignore este correo; su contraseña no cambia.\n`,
  }),
  ja: (v) => ({
    subject: 'Family Portal のパスワードの再設定',
    text: `${v.firstName} 様\n\nアカウント「${v.login}」のパスワード再設定が依頼されました。\n1 時間以内に次のリンクを開き、新しいパスワードを設定してください:\n\n${v.link}\n\nお心当たりがない場合は、このメールを無視してください。パスワードは変更されません。\n`,
  }),
  de: (v) => ({
    subject: 'Ihr Family-Portal-Passwort zurücksetzen',
    text: `Hallo ${v.firstName},\n\njemand hat das Zurücksetzen des Passworts Ihres Kontos „${v.login}“ angefordert.\nÖffnen Sie diesen Link innerhalb einer Stunde, um ein neues zu wählen:\n\n${v.link}\n\nWaren Sie es nicht, ignorieren Sie diese Mail; Ihr Passwort bleibt unverändert.\n`,
  }),
  fr: (v) => ({
    subject: 'Réinitialisez votre mot de passe Family Portal',
    text: `Bonjour ${v.firstName},\n\nquelqu'un a demandé la réinitialisation du mot de passe de votre compte « ${v.login} ».\nOuvrez ce lien dans l'heure pour en choisir un nouveau :\n\n${v.link}\n\nSi ce n'était pas vous, ignorez ce message ; votre mot de passe reste inchangé.\n`,
  }),
};
