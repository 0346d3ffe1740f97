import { describe, expect, it } from 'vitest';
import { asksIfReal } from './host-inbox.detector.ts';

const ASKS: Record<string, string[]> = {
  en: [
    'are you real?',
    'Are you REAL',
    'r u real',
    'u real?',
    'Are you a bot?',
    'are you even a real person?',
    'Are you a real woman or a fake profile?',
    'is this profile real?',
    'Is this a real person?',
    'am I talking to a bot',
    'Am i chatting with a real person here',
    'real or fake?',
    'are you human?',
    'hey, are you actually real lol',
    'Is this account fake?',
    'do you really exist?',
  ],
  de: [
    'Bist du echt?',
    'bist du wirklich echt?',
    'Bist du ein Bot?',
    'bist du ein Fake?',
    'Bist du eine echte Frau?',
    'Sind Sie ein echter Mensch?',
    'Ist dein Profil echt?',
    'ist das profil fake',
    'Gibt es dich wirklich?',
    'gibts dich echt?',
    'Schreibe ich mit einem Bot?',
    'rede ich hier mit einer KI',
    'echt oder fake?',
    'Existierst du überhaupt?',
    'Bist du überhaupt ein Mensch?',
  ],
  fr: [
    'Es-tu réelle ?',
    'tu es un robot ?',
    'Tu es une vraie personne ?',
    'Êtes-vous un bot ?',
    'Ce profil est faux ?',
    'Tu existes vraiment ?',
    'je parle à un robot ?',
    "t'es un fake ?",
  ],
  es: [
    '¿Eres real?',
    'eres un bot?',
    '¿Eres una persona real?',
    '¿Este perfil es falso?',
    '¿Existes de verdad?',
    '¿Estoy hablando con un robot?',
    'eres de verdad?',
  ],
  it: [
    'Sei vera?',
    'sei un bot?',
    'Sei una persona reale?',
    'Questo profilo è falso?',
    'Esisti davvero?',
    'Sto parlando con un robot?',
    'sei finta?',
  ],
  nl: [
    'Ben je echt?',
    'ben je een bot?',
    'Ben je een echt persoon?',
    'Is dit profiel nep?',
    'Besta je echt?',
    'Praat ik met een robot?',
    'bent u echt?',
  ],
  da: [
    'Er du ægte?',
    'er du en bot?',
    'Er du en rigtig person?',
    'Er profilen falsk?',
    'Findes du virkelig?',
    'Taler jeg med en robot?',
  ],
  nb: [
    'Er du ekte?',
    'er du en bot?',
    'Er du en ekte person?',
    'Er profilen falsk?',
    'Finnes du på ekte?',
    'Snakker jeg med en robot?',
  ],
  sv: [
    'Är du äkta?',
    'är du en bot?',
    'Är du en riktig person?',
    'Är profilen fejk?',
    'Finns du på riktigt?',
    'Pratar jag med en robot?',
    'är du på riktigt?',
  ],
  fi: [
    'Oletko oikea?',
    'oletko botti?',
    'Oletko oikea ihminen?',
    'Onko tämä profiili feikki?',
    'Oletko oikeasti olemassa?',
    'Puhunko botin kanssa?',
    'oletko sä robotti',
  ],
  pl: [
    'Jesteś prawdziwa?',
    'czy jesteś botem?',
    'Jesteś prawdziwą osobą?',
    'Czy ten profil jest fałszywy?',
    'Czy istniejesz naprawdę?',
    'Rozmawiam z botem?',
    'jesteś człowiekiem?',
  ],
};

const ORDINARY: string[] = [
  'Hi, how are you?',
  'are you free tonight?',
  'I had a really good time',
  'Are you ready for the weekend?',
  'That was a real pleasure',
  'I work in real estate',
  'you are really pretty',
  'Is this your dog in the picture?',
  'Bist du echt so süß wie auf dem Foto?',
  'bist du echt aus Berlin?',
  'Wie geht es dir?',
  'Ich bin echt müde heute',
  'Tu es vraiment belle',
  'Eres realmente guapa',
  'Sei veramente bella',
  'Ben je echt zo lief?',
  'Hvad laver du i dag?',
  'Hva gjør du i kveld?',
  'Vad gör du i helgen?',
  'Mitä kuuluu?',
  'Jak się masz?',
  'Do you like real ale?',
  'I am a real fan of hiking',
  '',
];

describe('asksIfReal', () => {
  for (const [language, phrasings] of Object.entries(ASKS))
    it(`finds the question in ${language}`, () => {
      for (const text of phrasings) expect(asksIfReal(text), text).toBe(true);
    });

  it('leaves ordinary messages alone', () => {
    for (const text of ORDINARY) expect(asksIfReal(text), text).toBe(false);
    expect(asksIfReal(null)).toBe(false);
  });
});
