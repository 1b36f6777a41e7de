/**
 * Off-platform contact detection (issue 36 item 4): Discord handles and invites, Telegram names and links,
 * email addresses and phone numbers, with their common disguises. Pure: no database, no I/O.
 *
 * What counts is a way to reach someone, not the name of an app: "is there a discord?" or "the discord overlay
 * drops my fps" name no one, while "disc0rd: zyx_trader", "discord.gg/abc", "tg @fastkeys" do. A bare @name is a
 * mention of a member of this site and counts only next to a Telegram cue.
 *
 * The text is read in three views, each after the same normalisation (invisible characters removed, NFKC,
 * accents dropped, Cyrillic and Greek look-alikes mapped to Latin, lower case):
 * - `plain`: as written;
 * - `collapsed`: runs of single characters joined ("d i s c o r d", "s.n.a.p.p.y" → "discord", "snappy");
 * - `spoken`: number words read as digits ("four one five …" → "4 1 5 …"), for phones.
 * The corpus in `contact-corpus/` (at least 200 evasions and 200 innocent messages) measures it.
 */
export const contactKinds = ['discord', 'telegram', 'email', 'phone'] as const;
export type ContactKind = (typeof contactKinds)[number];

export interface ContactMatch {
  kind: ContactKind;
  /** The part of the normalised text that gave it away (for staff, never shown to the author as a quote). */
  excerpt: string;
}

export interface ContactFinding {
  /** Which ways off the site the text names (empty: none found), in `contactKinds` order. */
  kinds: ContactKind[];
  /** One match per kind found. */
  matches: ContactMatch[];
}

// ---------------------------------------------------------------------------------------------------------
// Normalisation

/** Zero-width, joiners, soft hyphen, bidi controls, variation selectors, tags: dropped. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;
const MARKS = /\p{M}+/gu;

/** Look-alikes NFKC leaves alone: Cyrillic, Greek, Armenian and a few symbols, to the Latin they imitate. */
const CONFUSABLES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  б: '6',
  в: 'b',
  г: 'r',
  д: 'd',
  е: 'e',
  ё: 'e',
  з: '3',
  и: 'u',
  й: 'u',
  к: 'k',
  л: 'n',
  м: 'm',
  н: 'h',
  о: 'o',
  п: 'n',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ц: 'u',
  ч: '4',
  ш: 'w',
  щ: 'w',
  ъ: 'b',
  ь: 'b',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ү: 'y',
  һ: 'h',
  ӏ: 'l',
  ɡ: 'g',
  А: 'a',
  В: 'b',
  Е: 'e',
  К: 'k',
  М: 'm',
  Н: 'h',
  О: 'o',
  Р: 'p',
  С: 'c',
  Т: 't',
  Х: 'x',
  У: 'y',
  Ѕ: 's',
  І: 'i',
  Ј: 'j',
  Ԁ: 'd',
  Ү: 'y',
  Һ: 'h',
  Ӏ: 'l',
  З: '3',
  // Greek
  α: 'a',
  β: 'b',
  γ: 'y',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'n',
  ι: 'i',
  κ: 'k',
  μ: 'u',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  σ: 'o',
  ς: 'c',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  Α: 'a',
  Β: 'b',
  Ε: 'e',
  Ζ: 'z',
  Η: 'h',
  Ι: 'i',
  Κ: 'k',
  Μ: 'm',
  Ν: 'n',
  Ο: 'o',
  Ρ: 'p',
  Τ: 't',
  Υ: 'y',
  Χ: 'x',
  // Armenian and Latin extensions
  օ: 'o',
  ս: 'u',
  ց: 'g',
  հ: 'h',
  ո: 'n',
  ı: 'i',
  ȷ: 'j',
  ł: 'l',
  đ: 'd',
  ø: 'o',
  ß: 'ss',
  æ: 'ae',
  // Small capitals
  ᴀ: 'a',
  ʙ: 'b',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ꜰ: 'f',
  ɢ: 'g',
  ʜ: 'h',
  ɪ: 'i',
  ᴊ: 'j',
  ᴋ: 'k',
  ʟ: 'l',
  ᴍ: 'm',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ʀ: 'r',
  ꜱ: 's',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ʏ: 'y',
  ᴢ: 'z',
  // Symbols that stand in for dots and at signs
  '。': '.',
  '·': '.',
  '•': '.',
  '∙': '.',
  '⋅': '.',
  '●': '.',
  '﹒': '.',
  '⸱': '.',
};
const CONFUSABLE_RE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'gu');

function normalise(text: string): string {
  return text
    .replace(INVISIBLE, '')
    .normalize('NFKC')
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(CONFUSABLE_RE, (c) => CONFUSABLES[c] ?? c)
    .toLowerCase()
    .normalize('NFC');
}

/**
 * Joins runs of three or more single letters or digits split by one kind of separator: "d i s c o r d",
 * "d.i.s.c.o.r.d", "s-n-a-p-p-y". A run keeps one space on each side.
 */
function collapse(text: string): string {
  return text.replace(
    /(?<![a-z0-9])[a-z0-9]([ .\-_*|/~+,]{1,3})[a-z0-9](?![a-z0-9])(?:\1[a-z0-9](?![a-z0-9]))*/g,
    (run) => run.replace(/[^a-z0-9]/g, ''),
  );
}

const NUMBER_WORDS: Record<string, string> = {
  zero: '0',
  oh: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};
/** Number words become digits where at least four of them (or digits) run together. */
function spoken(text: string): string {
  return text.replace(
    /\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|\d)(?:[\s,.-]+(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|\d+)\b){3,}/g,
    (run) =>
      /[a-z]/.test(run)
        ? `\uE000${run.replace(/[a-z]+/g, (w) => NUMBER_WORDS[w] ?? w).replace(/,/g, ' ')}`
        : run,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Cues: the app's name, however spelled

const SEP = String.raw`[\s.\-_*|~'"+,/\\]{0,2}`;
const spell = (...letters: string[]) => letters.join(SEP);
const O = String.raw`(?:[o0°]|\(\))`;
const I = `[i1!|l]`;
const E = '[e3]';
const A = '[a4@]';

// A cue never ends a name joined by an underscore: "@user_dc793a17", "@user_d15c9dce" and "@pro_tg" are
// members' names (a CI run's random test member was once held for review as a Discord contact).
const DISCORD_WORD = `(?:${spell('d', `${I}?`, '[s5$z]', '[ck(]', `${O}?`, 'r', 'd')}(?:${SEP}(?:app|s))?|${spell('d', I, '[s5$z]', '[ck]')}(?![a-z])|dsc|dc|${spell('d', I, '[s5$z]', '[ck]', O, 'r', 'd')})`;
const DISCORD = `(?<![a-z0-9_])${DISCORD_WORD}(?![a-z])`;
const TELEGRAM_WORD = `(?:${spell('t', `${E}?`, 'l', `${E}?`, 'g', 'r', `${A}?`, 'm+')}|${spell('t', E, 'l', E, 'g', A)}|t${E}l${E}|tg|t${SEP}gram|telegarm)`;
const TELEGRAM = `(?<![a-z0-9_])${TELEGRAM_WORD}(?![a-z])`;
const MAIL_PROVIDER = String.raw`(?:gmail|googlemail|proton(?:mail)?|outlook|hotmail|yahoo|icloud|yandex|gmx|aol|tuta(?:nota)?|zoho|fastmail|mail\.ru|protonmail)`;
const PHONE_CUE = String.raw`(?<![a-z0-9])(?:whats?\s?app|watsapp|whatsap|wa|call(?:\s+me)?|text(?:\s+me)?|sms|phone|ph|number|num|no\.|cell|mobile|mob|tel|signal|viber|imessage|ring\s+me|hmu|hit\s+me(?:\s+up)?|reach\s+me|contact(?:\s+me)?|dm\s+me|msg\s+me)(?![a-z])`;

/** Contact verbs: "add me on", "hmu on", "dm me at" before a cue make the next word a name. */
const VERB = String.raw`(?:add|hmu|hit\s+me(?:\s+up)?|dm|pm|msg|message|contact|reach(?:\s+me)?|ping|find|text|talk\s+to\s+me|chat\s+with\s+me|friend|catch\s+me|hit\s+up|hit|write(?:\s+to)?|mail|email|contact\s+me|inbox)`;

/** Words that follow an app's name in ordinary talk and are never taken for a name. */
const STOP = new Set(
  `a about above account accounts active actually add added admin admins after again all already also always am
  an and announcement announcements any anymore anyone anything app are as ask asked at atm available away back bad
  ban banned be because been before being best better bot bots bro broken brother but buddy buy by call calls can
  cant can't channel channels chat chats check client closed community cool could crash crashes crashed cuz dead
  did didnt didn't discord dm dms do does doesnt doesn't done dont don't down dude either else etc even ever every
  everyone everything fine first fix fixed for free friend friends from full gg gift give go going gone good got
  group groups guys had has have he help her here hes hey him his how i if im i'm in info instead integration into
  invite invites is isnt isn't it its it's just keep know lag laggy later let lets like link links lmao lol lot
  man mate me members message messages mine mod mods more most much my need needed never new nice nitro no nobody
  none not notifications now of off official offline ok okay old on one online only open or other our out over
  overlay people please pls plz pm post posted presence private probably public question questions raid rather
  read ready really required rich role roles rpc same say scam scammer scammers scams screen see server servers
  set share should since site slow so some someone something soon spam staff still stream streaming stuff sub
  support sure talk tell than thanks that thats that's the their them then there theres there's these they thing
  things this those though thx ticket tickets to today token tokens too tried try u up update updated updates ur
  us use used useful useless user username using verification verified very via voice wait want was way we
  webhook webhooks well went were what whats what's when where which while who why will with without won't work
  working works would ya yeah yes yet you your yours cheatmarket handle name id tag number mail email gmail
  phone here's thread forum forums website web page dot com net org`.split(/\s+/),
);

const HANDLE = `@?[a-z0-9][a-z0-9_.]{1,31}`;
/** What may stand between a cue and the name: punctuation and a few words; "strong" ones make it a name. */
const FILLER = String.raw`\s*(?:(?:[^\sa-z0-9@_.?!]+|\bis\b|\bname\b|\busername\b|\buser\b|\bid\b|\bhandle\b|\btag\b|\bme\b|\bmy\b|\bat\b|\bon\b|\bits\b|\bit's\b|\badd\b|\bhere\b|\bas\b|\bacc(?:ount)?\b)\s*)*`;

/** Between a cue and a name, these say "here is my name": a colon, an arrow, "is", "username". */
const STRONG =
  /[:=>|~\-–—→⇒➡➜➔]|\p{Extended_Pictographic}|\bis\b|\bname\b|\busername\b|\buser\b|\bid\b|\bhandle\b|\btag\b|\bacc/u;

interface Named {
  at: boolean;
  strong: boolean;
  token: string;
}

/** The name after a cue (its position `from`), or null. */
function nameAfter(s: string, from: number): Named | null {
  const m = new RegExp(`^(${FILLER})(${HANDLE})`).exec(s.slice(from, from + 80));
  if (!m) return null;
  const filler = m[1] ?? '';
  const raw = m[2] ?? '';
  const token = raw.replace(/^@/, '').replace(/[._]+$/, '');
  return {
    at: raw.startsWith('@'),
    strong: STRONG.test(filler),
    token,
  };
}

/** A token that could be someone's name on another app. */
function nameLike(token: string): boolean {
  if (token.length < 3 || STOP.has(token)) return false;
  if (!/[a-z].*[a-z]/.test(token)) return false; // versions, prices, years
  if (/^v?\d/.test(token) && /^v?[\d.]+[a-z]{0,3}$/.test(token)) return false;
  return true;
}

/** Has the look of a handle by itself: digits, an underscore or a dot among letters. */
function handleShaped(token: string): boolean {
  return nameLike(token) && /[0-9_.]/.test(token) && !/^[a-z]+\.(com|net|org|gg|io)$/.test(token);
}

/** Whether a cue at [start, end) in `s` is followed or preceded by someone's name. */
function cueNamesSomeone(s: string, start: number, end: number, short: boolean): string | null {
  const before = s.slice(Math.max(0, start - 40), start);
  const verb = new RegExp(
    `${VERB}\\s+(?:me\\s+)?(?:up\\s+)?(?:on|at|via|in|thru|through|over|@)?\\s*(?:my\\s+)?$`,
  ).test(before);
  const after = nameAfter(s, end);
  if (after && nameLike(after.token)) {
    // A short cue ("dc", "tg", "tele") needs an @, a colon or a contact verb; a handle's shape is not enough.
    if (
      short
        ? after.at || ((after.strong || verb) && handleShaped(after.token))
        : after.at || after.strong || verb || handleShaped(after.token)
    ) {
      return after.token;
    }
  }
  // Further on in the sentence: "add me on discord for updates: lifetime.updates"
  const later = /^[^.!?\n]{0,60}?(?:[:=]|->|→)\s*(@?)([a-z0-9_.]{3,32})/.exec(s.slice(end, end + 100));
  if (later) {
    const token = (later[2] ?? '').replace(/[._]+$/, '');
    if (nameLike(token) && (later[1] === '@' || verb || handleShaped(token))) return token;
  }
  // "zyx_trader on discord", "add zyx_trader (discord)", "@fastkeys on tg"
  const prior =
    /(?:^|[\s:,;])(@?)([a-z0-9][a-z0-9_.]{2,31})\s*(on|in|at|via|@|for|\(|-|\||\/)?\s*(?:my\s+)?$/.exec(
      before,
    );
  // "@name (tg)" names them; "@name (telegram was down)" does not.
  if (prior && (prior[3] !== '(' || s[end] === ')')) {
    const token = (prior[2] ?? '').replace(/[._]+$/, '');
    const lead = before.slice(0, before.length - (prior[0]?.length ?? 0));
    const verbBefore = new RegExp(
      `(?:^|\\s)(?:${VERB}|i'?m|i\\s+am|its|it's)\\s*(?:me\\s*)?[:\\-]?\\s*$`,
    ).test(lead);
    if (nameLike(token)) {
      if (prior[1] === '@' || verbBefore || (!short && handleShaped(token))) return token;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Detectors: each returns an excerpt or null

const DOT = String.raw`\s*(?:\.|\(\s*(?:dot|\.)\s*\)|\[\s*(?:dot|\.)\s*\]|\{\s*(?:dot|\.)\s*\}|<\s*(?:dot|\.)\s*>|\bdot\b)\s*`;
const SLASH = String.raw`\s*(?:/|\\|\bslash\b)\s*`;

const DISCORD_INVITE = new RegExp(
  String.raw`(?:(?<![a-z0-9])${DISCORD_WORD}(?:${DOT}|\s*,\s*)(?:gg|io|me|li|com${SLASH}invite|app${DOT}com${SLASH}invite)|(?<![a-z0-9])dsc${DOT}gg|(?<![a-z0-9])${DISCORD_WORD}\s+gg|(?<![a-z0-9.])\.gg)${SLASH}[a-z0-9-]{2,}`,
  'g',
);
const DISCORD_CUE = new RegExp(DISCORD, 'g');
/** The old Discord tag: name#1234. */
const DISCORD_TAG = /(?<![a-z0-9_.])([a-z0-9_.]{2,32})\s?#\s?(\d{4})(?![\d])/g;
const TAG_STOP = new Set([
  'order',
  'ticket',
  'no',
  'issue',
  'id',
  'pr',
  'build',
  'rank',
  'top',
  'post',
  'invoice',
  'case',
  'item',
  'slot',
  'page',
  'ver',
  'thread',
  'listing',
  'key',
  'keys',
  'number',
  'num',
  'ref',
]);

function discord(s: string): string | null {
  const invite = new RegExp(DISCORD_INVITE).exec(s);
  if (invite) return invite[0];
  // A common word before #1234 is a tag only where the text names Discord ("discord: name#1234").
  const cued = new RegExp(DISCORD).test(s);
  for (const m of s.matchAll(DISCORD_TAG)) {
    const name = m[1] ?? '';
    if (/[a-z]/.test(name) && !TAG_STOP.has(name) && (cued || !STOP.has(name))) return m[0];
  }
  for (const m of s.matchAll(DISCORD_CUE)) {
    const name = cueNamesSomeone(s, m.index, m.index + m[0].length, m[0].length <= 3);
    if (name) return `${m[0]} ${name}`;
  }
  return null;
}

const TELEGRAM_LINK = new RegExp(
  String.raw`(?<![a-z0-9])(?:(?:t|telegram|${TELEGRAM_WORD})${DOT}(?:me|dog)|t\s+me)${SLASH}[a-z0-9_+]{3,}|tg://(?:resolve|msg)`,
  'g',
);
const TELEGRAM_CUE = new RegExp(TELEGRAM, 'g');

function telegram(s: string): string | null {
  const link = new RegExp(TELEGRAM_LINK).exec(s);
  if (link) return link[0];
  for (const m of s.matchAll(TELEGRAM_CUE)) {
    // "tg" is Telegram's short name, not a word in this community's talk: no shorter rule than the full name.
    const name = cueNamesSomeone(s, m.index, m.index + m[0].length, false);
    if (name) return `${m[0]} ${name}`;
  }
  return null;
}

const TLD = `(?:com|net|org|me|io|co|ru|de|uk|fr|nl|ch|se|pl|eu|us|ca|au|info|biz|xyz|cc|tv|to|app|dev|email|online|site|pro|ua|by|kz|br|in|it|es)`;
const OWN = /cheatmarket/;
const AT_SIGN = String.raw`(?:\s?@\s?|\s*[([{<]\s*(?:at|@)\s*[)\]}>]\s*|\s+\bat\b\s+|\s*-at-\s*|\s+a\s+t\s+)`;
const LOCAL = `[a-z0-9][a-z0-9._%+-]{0,63}`;
const DOMAIN = `[a-z0-9][a-z0-9-]{0,62}`;
const EMAIL = new RegExp(
  `(?<![a-z0-9._%+-])(${LOCAL})(${AT_SIGN})((?:${DOMAIN}${DOT})+)(${TLD})(?![a-z0-9])`,
  'g',
);
const EMAIL_PROVIDER_ONLY = new RegExp(
  `(?<![a-z0-9._%+-])(${LOCAL})(${AT_SIGN})${MAIL_PROVIDER}(?![a-z])`,
  'g',
);
const PROVIDER_CUE = new RegExp(`(?<![a-z0-9])${MAIL_PROVIDER}(?![a-z])`, 'g');

function email(s: string): string | null {
  for (const m of s.matchAll(EMAIL)) {
    const [whole, local = '', at = '', domain = ''] = m;
    if (OWN.test(domain)) continue;
    // A plain " at " reads as English ("download at github.com"): only with a mail provider, or "dot" written out.
    if (/^\s+at\s+$|^\s+a\s+t\s+$/.test(at)) {
      const provider = new RegExp(`^${MAIL_PROVIDER}`).test(domain.replace(/\s/g, ''));
      if (!provider && !/dot|[([{<]/.test(domain)) continue;
      if (STOP.has(local) && !provider) continue;
    }
    // "thanks @sam. me too" is a mention: an @ with a space beside it needs a mail provider after it.
    if (at.includes('@') && /\s/.test(at) && !new RegExp(`^${MAIL_PROVIDER}`).test(domain.replace(/\s/g, '')))
      continue;
    return whole;
  }
  for (const m of s.matchAll(EMAIL_PROVIDER_ONLY)) {
    if (!STOP.has(m[1] ?? '')) return m[0];
  }
  for (const m of s.matchAll(PROVIDER_CUE)) {
    const after = nameAfter(s, m.index + m[0].length);
    if (after?.strong && handleShaped(after.token)) return `${m[0]} ${after.token}`;
  }
  return null;
}

const PHONE_RUN = /(?<![a-z0-9$€£.,+])(\+\s?)?\(?\d[\d\s().-]{5,28}\d(?![\d])/g;
const PHONE_CUE_RE = new RegExp(
  `${PHONE_CUE}[^a-z0-9+]{0,12}(?:(?:is|me|at|on|my|number|no|num|it'?s)\\b[^a-z0-9+]{0,4}){0,3}$`,
);
const US = /^1?[\s.-]?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;
const WA_LINK = /(?<![a-z0-9])wa\s*\.\s*me\s*\/\s*\+?\d{7,}/;

function phone(s: string): string | null {
  const wa = WA_LINK.exec(s);
  if (wa) return wa[0];
  for (const m of s.matchAll(PHONE_RUN)) {
    const run = m[0].trim().replace(/[\s(.-]+$/, '');
    const digits = run.replace(/\D/g, '');
    const n = digits.length;
    if (n < 7 || n > 15) continue;
    const before = s.slice(Math.max(0, m.index - 30), m.index);
    const after = s.slice(m.index + m[0].length, m.index + m[0].length + 3);
    if (/[a-z]/.test(after[0] ?? '') || /^[.,]\d/.test(after)) continue; // 1280x960, 2.5.1a
    if (/(?:v|ver|version|build|patch|order|ticket|invoice|id|ref|\$|€|£|#)\s*:?\s*$/.test(before)) continue;
    const groups = run.split(/[\s().\-+]+/).filter(Boolean);
    const spokenRun = before.endsWith('\uE000') || s.slice(m.index, m.index + 1) === '\uE000';
    const plus = run.startsWith('+');
    const cue = PHONE_CUE_RE.test(before.replace(/\uE000/g, ''));
    const ip = /^\d{1,3}(\.\d{1,3}){3}$/.test(run);
    const keyLike =
      groups.length >= 3 && groups.every((g) => g.length === 4) && /-/.test(run) && !/\s/.test(run);
    const dateLike = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$|^(?:19|20)\d\d\s?[-–]\s?(?:19|20)\d\d$/.test(run);
    if (ip || dateLike) continue;
    if (plus && n >= 8) return run;
    if (cue) return run;
    if (spokenRun && n >= 7) return run;
    if (keyLike) continue;
    if (groups.length >= 9 && groups.every((g) => g.length === 1) && n >= 9) return run;
    if (n >= 10 && n <= 11 && groups.length >= 2 && US.test(run)) return run;
    if (n >= 10 && n <= 11 && groups.length === 1 && digits.startsWith('0')) return run;
    if (
      digits.startsWith('0') &&
      n >= 10 &&
      n <= 12 &&
      groups.length <= 4 &&
      groups.every((g) => g.length >= 2) &&
      !groups.every((g) => g.length === 4) &&
      !/\./.test(run)
    )
      return run;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------

const detectors: Record<ContactKind, (s: string) => string | null> = { discord, telegram, email, phone };

export function detectOffPlatformContact(text: string): ContactFinding {
  const plain = normalise(text);
  const views = [plain, collapse(plain)];
  const matches: ContactMatch[] = [];
  for (const kind of contactKinds) {
    const inViews = kind === 'phone' ? [plain, spoken(plain), spoken(collapse(plain))] : views;
    for (const view of inViews) {
      const found = detectors[kind](view);
      if (found) {
        matches.push({
          kind,
          excerpt: found
            .replace(/\uE000/g, '')
            .trim()
            .slice(0, 80),
        });
        break;
      }
    }
  }
  return { kinds: matches.map((m) => m.kind), matches };
}
