/*
 * Finds a member's question whether an operator-run profile is real (a real person, a bot, a
 * fake) in the common phrasings of the platform's 11 languages. It only flags: a flagged
 * message makes the console offer the honest answer first; a host writes and sends it. A host
 * marks by hand what the words here miss, so the patterns lean towards no false alarm: a word
 * that is also an everyday intensifier ("bist du echt süß?", "ben je echt zo lief?") counts only
 * where it ends the question.
 */

/** Lower case, no accents, one space between words, apostrophes and hyphens as spaces. */
export function normalizeQuestion(text: string): string {
  return text
    .toLowerCase()
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/ł/g, 'l')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/['’`´\-_*"“”„«»()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The word ends its sentence (the end of the text or a punctuation mark follows). */
const END = String.raw`(?=\s*(?:$|[?!.,;:]))`;
/** Softening words that may come between the verb and what is asked. */
const soft = (words: string) => String.raw`(?:(?:${words})\s)*`;

const PATTERNS: readonly RegExp[] = [
  // English
  new RegExp(
    String.raw`\b(?:are|r) (?:you|u) ${soft('even|really|actually|truly|a|an|for')}(?:real|fake|bot|robot|human|computer|machine|ai|chatbot|scammer|catfish|program)\b`,
  ),
  /\b(?:are|r) (?:you|u) (?:even |really |actually )?(?:a |an )?(?:real|actual|genuine) (?:person|human|woman|man|girl|guy|lady|profile|people)\b/,
  /\b(?:u|you) (?:real|a bot|fake)\s*\?/,
  /\bis (?:this|that|your|the) (?:profile |account |chat |person |pic |picture |photo )?(?:even |really |actually )?(?:real|fake|genuine|a bot|a fake|a real person)\b/,
  /\bis (?:this|that|there) (?:a )?(?:real|actual) (?:person|human|profile)\b/,
  /\b(?:am i|are we) (?:talking|chatting|writing|speaking) (?:to|with) (?:a |an )?(?:real|bot|robot|human|computer|machine|ai|chatbot|person|fake)\b/,
  /\b(?:real|human) or (?:fake|bot|not|a bot|robot)\b/,
  /\bdo you (?:really |actually )?exist\b/,
  // German
  new RegExp(
    String.raw`\b(?:bist du|sind sie|seid ihr) ${soft('auch|wirklich|denn|uberhaupt|tatsachlich|ein|eine|echt')}(?:bot|roboter|fake|fake profil|mensch|ki|computer|chatbot|maschine|betruger)\b`,
  ),
  new RegExp(
    String.raw`\b(?:bist du|sind sie) ${soft('auch|wirklich|denn|uberhaupt|tatsachlich')}(?:echt|real|real existierend)${END}`,
  ),
  /\b(?:bist du|sind sie) (?:auch |wirklich |denn |uberhaupt )*(?:eine |ein )?(?:echte|echter|reale|realer|wirkliche|wirklicher) (?:person|frau|mann|mensch|profil)\b/,
  /\bist (?:das|dies|dieses|dein|ihr) (?:profil |konto |account |foto |bild )?(?:auch |wirklich |denn |uberhaupt )*(?:echt|real|fake|gefalscht|ein fake|ein bot)\b/,
  /\bgibt (?:es|s) (?:dich|sie) (?:auch |denn |uberhaupt )*(?:wirklich|echt|tatsachlich)\b/,
  /\bgibts dich (?:auch |denn |uberhaupt )*(?:wirklich|echt|tatsachlich)\b/,
  /\bexistierst du\b/,
  /\b(?:schreibe|rede|spreche|chatte) ich (?:hier )?mit (?:einem |einer )?(?:bot|roboter|computer|maschine|ki|echten (?:menschen|person)|mensch)\b/,
  /\b(?:echt|real) oder (?:fake|bot|nicht)\b/,
  // French
  /\b(?:es tu|tu es|etes vous|vous etes|t es) (?:vraiment |bien |reellement )?(?:un |une )?(?:vrai|vraie|reel|reelle|bot|robot|fake|faux profil|humain|humaine|ia|ordinateur|machine|arnaqueur|arnaqueuse)\b/,
  /\b(?:es tu|tu es|etes vous|vous etes) (?:vraiment |bien )?(?:une |un )?(?:vraie|vrai|reelle|reel) (?:personne|femme|homme|fille|mec|profil)\b/,
  /\b(?:ce|ton|votre) profil (?:est )?(?:il |elle )?(?:est )?(?:vraiment )?(?:vrai|reel|faux|fake|un fake)\b/,
  /\best ce (?:un |une )?(?:vrai|faux|fake|bot|robot) (?:profil|personne)?/,
  /\b(?:tu existes|vous existez|existes tu|existez vous)(?: vraiment| pour de vrai| reellement)?\b/,
  /\bje (?:parle|discute|ecris) (?:a|avec) (?:un |une )?(?:bot|robot|ordinateur|machine|ia|vraie personne|humain)\b/,
  /\b(?:vrai|reel|reelle|vraie) ou (?:faux|fake|bot|robot)\b/,
  // Spanish
  /\b(?:eres|es usted|sos) (?:de verdad |realmente |en serio )?(?:un |una )?(?:real|bot|robot|humano|humana|falso|falsa|fake|ia|maquina|ordenador|computadora|estafador|estafadora|persona real|mujer real|hombre real|chica real|de verdad)\b/,
  /\b(?:este|tu|su) perfil (?:es )?(?:de verdad |realmente )?(?:real|falso|fake|verdadero)\b/,
  /\bes (?:real|falso|verdadero) (?:este|tu|su) perfil\b/,
  /\bexistes (?:de verdad|realmente|en realidad)\b/,
  /\b(?:estoy|estoy yo) (?:hablando|chateando|escribiendo) con (?:un |una )?(?:bot|robot|humano|persona real|maquina|ordenador|ia)\b/,
  /\b(?:real|humano|humana) o (?:falso|falsa|fake|bot|robot)\b/,
  // Italian
  /\bsei (?:davvero |veramente |proprio |per caso )?(?:un |una )?(?:vera|vero|reale|bot|robot|umano|umana|finta|finto|fake|falso|falsa|ia|computer|macchina|truffatore|truffatrice|persona vera|persona reale|donna vera|ragazza vera)\b/,
  /\b(?:questo|il tuo) profilo (?:e )?(?:davvero |veramente )?(?:vero|reale|falso|finto|fake)\b/,
  /\besisti (?:davvero|veramente|sul serio|per davvero)\b/,
  /\bsto (?:parlando|chattando|scrivendo) con (?:un |una )?(?:bot|robot|computer|macchina|persona vera|persona reale|umano|ia)\b/,
  /\b(?:vera|vero|reale) o (?:finta|finto|falsa|falso|fake|bot)\b/,
  // Dutch
  new RegExp(
    String.raw`\b(?:ben je|bent u|ben jij|ben jij wel|ben je wel) ${soft('wel|echt|eigenlijk|werkelijk|een')}(?:bot|robot|nep|fake|mens|computer|ai|oplichter|chatbot)\b`,
  ),
  new RegExp(
    String.raw`\b(?:ben je|bent u|ben jij) ${soft('wel|eigenlijk|werkelijk')}(?:echt|real|werkelijk)${END}`,
  ),
  /\b(?:ben je|bent u|ben jij) (?:wel |eigenlijk )*(?:een )?(?:echt|echte|echter) (?:persoon|vrouw|man|mens|meisje|profiel)\b/,
  /\bis (?:dit|dat|je|jouw|uw) (?:profiel|account|foto) (?:wel |eigenlijk )*(?:echt|nep|fake|vals)\b/,
  /\bbesta (?:je|jij) (?:wel |eigenlijk )*(?:echt|werkelijk|in het echt)\b/,
  /\b(?:praat|chat|schrijf|spreek) ik (?:hier )?(?:met|tegen) (?:een )?(?:bot|robot|computer|machine|echt persoon|echte persoon|mens)\b/,
  /\b(?:echt|real) of (?:nep|fake|bot)\b/,
  // Danish
  /\ber du (?:overhovedet |virkelig |egentlig |nu )*(?:en |et )?(?:bot|robot|menneske|fake|falsk|computer|maskine|svindler|chatbot|rigtig person|rigtigt menneske|aegte person|rigtig kvinde|rigtig mand)\b/,
  new RegExp(
    String.raw`\ber du (?:overhovedet |virkelig |egentlig |nu )*(?:aegte|rigtig|virkelig|ekte)${END}`,
  ),
  /\ber (?:den |denne |din )?profil(?:en)? (?:overhovedet |virkelig )*(?:aegte|falsk|fake|rigtig)\b/,
  /\bfindes du (?:virkelig|i virkeligheden|overhovedet|rigtigt)\b/,
  /\b(?:taler|skriver|chatter) jeg (?:med|til) (?:en |et )?(?:bot|robot|computer|maskine|rigtig person|menneske)\b/,
  /\b(?:aegte|rigtig) eller (?:falsk|fake|bot)\b/,
  // Norwegian (bokmål)
  /\ber du (?:egentlig |virkelig |i det hele tatt )*(?:en |et )?(?:bot|robot|menneske|fake|falsk|datamaskin|maskin|svindler|chatbot|ekte person|ekte menneske|ekte kvinne|ekte mann)\b/,
  new RegExp(String.raw`\ber du (?:egentlig |virkelig |i det hele tatt )*(?:ekte|virkelig)${END}`),
  /\ber (?:den |denne |din )?profil(?:en)? (?:egentlig |virkelig )*(?:ekte|falsk|fake)\b/,
  /\bfinnes du (?:virkelig|pa ekte|egentlig)\b/,
  /\b(?:snakker|skriver|chatter|prater) jeg (?:med|til) (?:en |et )?(?:bot|robot|datamaskin|maskin|ekte person|menneske)\b/,
  /\bekte eller (?:falsk|fake|bot)\b/,
  // Swedish
  /\bar du (?:ens |verkligen |egentligen )*(?:en |ett )?(?:bot|robot|manniska|fejk|fake|falsk|dator|maskin|bedragare|chatbot|riktig person|riktig manniska|riktig kvinna|riktig man|akta person)\b/,
  new RegExp(String.raw`\bar du (?:ens |verkligen |egentligen )*(?:akta|riktig|verklig|pa riktigt)${END}`),
  /\bar (?:den har |denna |din |detta )?profil(?:en)? (?:verkligen |egentligen )*(?:akta|falsk|fejk|fake|riktig)\b/,
  /\bfinns du (?:pa riktigt|verkligen|pa riktigt)\b/,
  /\b(?:pratar|skriver|chattar) jag (?:med|till) (?:en |ett )?(?:bot|robot|dator|maskin|riktig person|manniska)\b/,
  /\b(?:akta|riktig) eller (?:falsk|fejk|fake|bot)\b/,
  // Finnish
  /\boletko (?:sa |sina |te )?(?:oikeasti |todella |varmasti )?(?:oikea|todellinen|aito|botti|robotti|ihminen|feikki|vale|tekoaly|kone|tietokone|huijari|oikea ihminen|oikea ihminen|oikea nainen|oikea mies)\b/,
  /\boletteko (?:oikeasti )?(?:oikea|todellinen|aito|botti|ihminen)\b/,
  /\boletko (?:sa |sina )?(?:oikeasti|todella) olemassa\b/,
  /\bonko (?:tama|tuo|sinun|sun) (?:profiili|tili|kuva) (?:oikeasti |todella )?(?:oikea|aito|feikki|vale|vaarennetty)\b/,
  /\bpuhunko (?:mina |ma )?(?:botin|robotin|koneen|tietokoneen|oikean ihmisen|ihmisen|tekoalyn) kanssa\b/,
  /\b(?:aito|oikea) vai (?:feikki|vale|botti)\b/,
  // Polish
  /\b(?:jestes|czy jestes|jest pani|jestes ty) (?:naprawde |w ogole |na pewno |prawdziwie )?(?:prawdziwa|prawdziwy|botem|robotem|czlowiekiem|fake|fejkiem|oszustem|oszustka|komputerem|maszyna|ai|prawdziwa osoba|prawdziwa kobieta|prawdziwym mezczyzna|prawdziwym czlowiekiem)\b/,
  /\bczy (?:to|ten) (?:profil )?(?:jest )?(?:naprawde )?(?:prawdziwy|falszywy|fake|fejk)(?: profil)?\b/,
  /\bczy (?:ty )?(?:naprawde )?istniejesz\b/,
  /\bistniejesz (?:naprawde|w ogole|w rzeczywistosci)\b/,
  /\b(?:rozmawiam|pisze|czatuje) z (?:botem|robotem|komputerem|maszyna|prawdziwa osoba|czlowiekiem|ai)\b/,
  /\b(?:prawdziwy|prawdziwa) czy (?:falszywy|falszywa|fake|bot)\b/,
];

/** Whether a member's message asks if the profile is real (a person, not a bot, not a fake). */
export function asksIfReal(text: string | null | undefined): boolean {
  if (!text) return false;
  const normalized = normalizeQuestion(text);
  return PATTERNS.some((pattern) => pattern.test(normalized));
}
