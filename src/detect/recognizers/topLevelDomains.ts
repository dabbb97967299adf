/**
 * Top-level domains a bare domain ("le-petit-marche.fr", no scheme, no www, no path) may end in.
 * Without a scheme the TLD is the only evidence that "word.word" is a web address and not a
 * file name ("report.pdf"), an abbreviation ("e.g.") or a glued sentence ("paid.Thanks"), so the
 * list holds the generic TLDs seen in business documents plus the country codes, minus the
 * country codes that are far more often file extensions (.md, .py, .sh, .rs, .ps, .ai, .cs, .pl
 * as Perl is rare but Poland is not, so .pl stays).
 */
const GENERIC = (
  'com org net edu gov mil int info biz name pro io co app dev tech online site store shop bank ' +
  'finance financial capital money insurance legal law tax cloud digital global group company ' +
  'solutions services consulting agency email news media blog xyz top asia eu museum travel jobs ' +
  'mobi coop aero'
).split(' ');

const COUNTRY_CODES =
  'ac ad ae af ag al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bm bn bo br bs bt bw by bz ' +
  'ca cc cd cf cg ch ci ck cl cm cn cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg er es et fi fj fk fm fo fr ' +
  'ga gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in iq ir is it je jm jo jp ' +
  'ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc me mg mh mk ml mm mn mo mp mq mr ' +
  'mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr pt pw py qa re ro ' +
  'ru rw sa sb sc sd se sg si sk sl sm sn so sr ss st sv sx sy sz tc td tf tg th tj tk tl tm tn to tr tt tv tw tz ' +
  'ua ug uk us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw';

// Country codes that collide with common file extensions; a domain in them needs www, a scheme or a path.
const FILE_EXTENSION_LIKE = new Set([
  'md',
  'py',
  'sh',
  'rs',
  'ps',
  'ai',
  'cs',
  'js',
  'so',
  'do',
  'am',
  'pm',
  'ms',
]);

export const BARE_DOMAIN_TLDS: ReadonlySet<string> = new Set([
  ...GENERIC,
  ...COUNTRY_CODES.split(' ').filter((tld) => !FILE_EXTENSION_LIKE.has(tld)),
]);

/** Every TLD we accept after www. or a scheme or before a path: any of the above, plus the colliding codes. */
export const KNOWN_TLDS: ReadonlySet<string> = new Set([...GENERIC, ...COUNTRY_CODES.split(' ')]);
