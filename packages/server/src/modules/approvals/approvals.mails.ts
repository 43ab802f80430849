import {
  isInterfaceLanguage,
  MAX_NOTIFICATION_TITLE_LENGTH,
  type TApprovalKind,
  type TInterfaceLanguage,
} from '@portal/contract';
import type { TMailTexts } from '../../lib/mail-text.ts';

/** What a decision means for the one who asked: the four ways a request ends. */
export type TDecisionOutcome = 'approved' | 'approvedAsNew' | 'disapproved' | 'dismissed';

/** A decision as its requester is told it: the request's kind, the record's name, the outcome, why. */
export type TDecisionNotice = {
  kind: TApprovalKind;
  name: string;
  outcome: TDecisionOutcome;
  reason: string | null;
  comment: string | null;
};

/** The words a decision is told in, per language; each sentence is written whole for its grammar. */
type TWords = {
  /** The request, named for any kind of record: 'Your request to add "X"', 'Your change to "X"'. */
  request: Record<TApprovalKind, (name: string) => string>;
  outcome: Record<TDecisionOutcome, string>;
  sentence: (request: string, outcome: string) => string;
  /** What joins a label and its text ('Reason: …'), and a disapproval and its reason. */
  colon: string;
  stop: string;
  reason: string;
  comment: string;
  hello: (firstName: string) => string;
  decided: string;
  open: string;
};

const WORDS: Record<TInterfaceLanguage, TWords> = {
  en: {
    request: {
      new: (name) => `Your request to add "${name}"`,
      change: (name) => `Your change to "${name}"`,
      removal: (name) => `Your request to remove "${name}"`,
      withdrawal: (name) => `Your request to withdraw "${name}"`,
    },
    outcome: {
      approved: 'was approved',
      approvedAsNew: 'was published as a new entry',
      disapproved: 'was disapproved',
      dismissed: 'was dismissed',
    },
    sentence: (request, outcome) => `${request} ${outcome}`,
    colon: ': ',
    stop: '.',
    reason: 'Reason',
    comment: 'Comment',
    hello: (firstName) => `Hello ${firstName},`,
    decided: 'an administrator has decided on your request:',
    open: 'Open it in the portal:',
  },
  zh: {
    request: {
      new: (name) => `您添加“${name}”的请求`,
      change: (name) => `您对“${name}”的修改`,
      removal: (name) => `您删除“${name}”的请求`,
      withdrawal: (name) => `您下线“${name}”的请求`,
    },
    outcome: {
      approved: '已获批准',
      approvedAsNew: '已作为新条目发布',
      disapproved: '已被驳回',
      dismissed: '已被搁置',
    },
    sentence: (request, outcome) => `${request}${outcome}`,
    colon: '：',
    stop: '。',
    reason: '原因',
    comment: '备注',
    hello: (firstName) => `${firstName}，您好：`,
    decided: '管理员已处理您的请求：',
    open: '在门户中打开：',
  },
  es: {
    request: {
      new: (name) => `Su solicitud de alta de «${name}»`,
      change: (name) => `Su modificación de «${name}»`,
      removal: (name) => `Su solicitud de eliminación de «${name}»`,
      withdrawal: (name) => `Su solicitud de retirada de «${name}»`,
    },
    outcome: {
      approved: 'ha sido aprobada',
      approvedAsNew: 'ha sido publicada como una entrada nueva',
      disapproved: 'ha sido rechazada',
      dismissed: 'ha sido descartada',
    },
    sentence: (request, outcome) => `${request} ${outcome}`,
    colon: ': ',
    stop: '.',
    reason: 'Motivo',
    comment: 'Comentario',
    hello: (firstName) => `Hola ${firstName}:`,
    decided: 'un administrador ha resuelto su solicitud:',
    open: 'Ábrala en el portal:',
  },
  ja: {
    request: {
      new: (name) => `「${name}」の追加申請`,
      change: (name) => `「${name}」の変更申請`,
      removal: (name) => `「${name}」の削除申請`,
      withdrawal: (name) => `「${name}」の公開停止申請`,
    },
    outcome: {
      approved: '承認されました',
      approvedAsNew: '新しい項目として公開されました',
      disapproved: '却下されました',
      dismissed: '見送られました',
    },
    sentence: (request, outcome) => `${request}は${outcome}`,
    colon: '：',
    stop: '。',
    reason: '理由',
    comment: 'コメント',
    hello: (firstName) => `${firstName} 様`,
    decided: '管理者があなたの申請について決定しました。',
    open: 'ポータルで開く:',
  },
  de: {
    request: {
      new: (name) => `Ihre Anfrage zum Hinzufügen von „${name}“`,
      change: (name) => `Ihre Änderung an „${name}“`,
      removal: (name) => `Ihre Anfrage zum Entfernen von „${name}“`,
      withdrawal: (name) => `Ihre Anfrage zum Zurückziehen von „${name}“`,
    },
    outcome: {
      approved: 'wurde genehmigt',
      approvedAsNew: 'wurde als neuer Eintrag veröffentlicht',
      disapproved: 'wurde abgelehnt',
      dismissed: 'wurde verworfen',
    },
    sentence: (request, outcome) => `${request} ${outcome}`,
    colon: ': ',
    stop: '.',
    reason: 'Begründung',
    comment: 'Kommentar',
    hello: (firstName) => `Hallo ${firstName},`,
    decided: 'ein Administrator hat über Ihre Anfrage entschieden:',
    open: 'Im Portal öffnen:',
  },
  fr: {
    request: {
      new: (name) => `Votre demande d’ajout de « ${name} »`,
      change: (name) => `Votre modification de « ${name} »`,
      removal: (name) => `Votre demande de suppression de « ${name} »`,
      withdrawal: (name) => `Votre demande de retrait de « ${name} »`,
    },
    outcome: {
      approved: 'a été approuvée',
      approvedAsNew: 'a été publiée comme nouvelle entrée',
      disapproved: 'a été refusée',
      dismissed: 'a été écartée',
    },
    sentence: (request, outcome) => `${request} ${outcome}`,
    colon: ' : ',
    stop: '.',
    reason: 'Motif',
    comment: 'Commentaire',
    hello: (firstName) => `Bonjour ${firstName},`,
    decided: 'un administrateur a statué sur votre demande :',
    open: 'Ouvrir dans le portail :',
  },
};

function wordsOf(language: string): TWords {
  return WORDS[isInterfaceLanguage(language) ? language : 'en'];
}

function sentenceOf(words: TWords, notice: TDecisionNotice): string {
  return words.sentence(words.request[notice.kind](notice.name), words.outcome[notice.outcome]);
}

/** The lines with the reason and the comment, those given. */
function notesOf(words: TWords, notice: TDecisionNotice): string[] {
  return [
    ...(notice.reason ? [`${words.reason}${words.colon}${notice.reason}`] : []),
    ...(notice.comment ? [`${words.comment}${words.colon}${notice.comment}`] : []),
  ];
}

/**
 * The bell notification telling a requester of a decision, in their language (English when the
 * stored one is unknown): the title names the record and the outcome (with the reason of a
 * disapproval, cut to the title's limit), the description carries the reason and the comment.
 */
export function decisionNotification(
  language: string,
  notice: TDecisionNotice,
): { title: string; description: string | null } {
  const words = wordsOf(language);
  const sentence = sentenceOf(words, notice);
  const title =
    notice.outcome === 'disapproved' && notice.reason
      ? `${sentence}${words.colon}${notice.reason}`
      : sentence;
  const notes = notesOf(words, notice);
  return {
    title:
      title.length > MAX_NOTIFICATION_TITLE_LENGTH
        ? `${title.slice(0, MAX_NOTIFICATION_TITLE_LENGTH - 1)}…`
        : title,
    description: notes.length ? notes.join('\n') : null,
  };
}

/** The mail telling a requester of a decision, with a link to what it left. */
export const DECISION_MAIL: TMailTexts<TDecisionNotice & { firstName: string; link: string }> =
  Object.fromEntries(
    Object.entries(WORDS).map(([language, words]) => [
      language,
      (v: TDecisionNotice & { firstName: string; link: string }) => {
        const sentence = sentenceOf(words, v);
        const notes = notesOf(words, v);
        return {
          subject: sentence,
          text: [
            words.hello(v.firstName),
            '',
            words.decided,
            '',
            `${sentence}${words.stop}`,
            ...(notes.length ? ['', ...notes] : []),
            '',
            words.open,
            v.link,
            '',
          ].join('\n'),
        };
      },
    ]),
  ) as TMailTexts<TDecisionNotice & { firstName: string; link: string }>;
