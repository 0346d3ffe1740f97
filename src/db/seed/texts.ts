import type { Locale } from '../../i18n/locales.ts';
import type { Random } from './random.ts';

/*
 * Short "about me" texts in the member's own language, put together from a few interchangeable
 * sentences so that two thousand profiles do not all read alike. `[a|b]` is the writer's
 * grammatical gender (masculine|feminine) where the language marks it; `{city}` and `{name}`
 * are filled in, and a sentence with `{city}` is skipped when the member has no city.
 */

interface Phrases {
  open: string[];
  about: string[];
  look: { male: string[]; female: string[]; both: string[] };
  close: string[];
}

const PHRASES: Record<Locale, Phrases> = {
  en: {
    open: [
      'Hi there!',
      "Hello, I'm {name}.",
      'Hey, nice of you to stop by my profile.',
      'New here and curious what happens.',
    ],
    about: [
      'I live in {city} and love a good conversation.',
      "At weekends you'll find me outdoors or out with friends.",
      "I laugh easily and don't take myself too seriously.",
      'Honest, spontaneous and always up for something new.',
      'After work I like to unwind with good music and good food.',
    ],
    look: {
      male: [
        'Looking for a nice man to chat with and maybe meet.',
        "I'd like to meet a man who knows what he wants.",
      ],
      female: [
        'Looking for a lovely woman to chat with and maybe meet.',
        "I'd like to meet a woman with a good sense of humour.",
      ],
      both: ['Open to meeting nice people, men or women.', 'Men or women: what counts is the click.'],
    },
    close: [
      'Send me a message!',
      "Say hi, I don't bite :)",
      'Curious? Just write to me.',
      "Let's see where it goes.",
    ],
  },
  de: {
    open: [
      'Hallo!',
      'Hi, ich bin {name}.',
      'Schön, dass du auf mein Profil schaust.',
      'Neu hier und gespannt, was passiert.',
    ],
    about: [
      'Ich wohne in {city} und mag gute Gespräche.',
      'Am Wochenende bin ich gern draußen oder mit Freunden unterwegs.',
      'Ich lache gern und nehme mich selbst nicht zu ernst.',
      'Ehrlich, spontan und offen für Neues.',
      'Nach der Arbeit entspanne ich am liebsten mit guter Musik und gutem Essen.',
    ],
    look: {
      male: [
        'Ich suche einen netten Mann zum Schreiben und vielleicht mehr.',
        'Ich möchte einen Mann kennenlernen, der weiß, was er will.',
      ],
      female: [
        'Ich suche eine nette Frau zum Schreiben und vielleicht mehr.',
        'Ich möchte eine Frau mit Humor kennenlernen.',
      ],
      both: ['Offen für nette Leute, ob Mann oder Frau.', 'Mann oder Frau: Hauptsache, es passt.'],
    },
    close: [
      'Schreib mir einfach!',
      'Sag hallo, ich beiße nicht :)',
      'Neugierig? Dann melde dich.',
      'Mal sehen, wohin es führt.',
    ],
  },
  nl: {
    open: [
      'Hoi!',
      'Hallo, ik ben {name}.',
      'Leuk dat je mijn profiel bekijkt.',
      'Nieuw hier en benieuwd wat er gebeurt.',
    ],
    about: [
      'Ik woon in {city} en hou van een goed gesprek.',
      'In het weekend ben ik graag buiten of met vrienden op pad.',
      'Ik lach graag en neem mezelf niet te serieus.',
      'Eerlijk, spontaan en altijd in voor iets nieuws.',
      'Na het werk ontspan ik het liefst met goede muziek en lekker eten.',
    ],
    look: {
      male: [
        'Ik zoek een leuke man om mee te chatten en misschien af te spreken.',
        'Ik wil graag een man leren kennen die weet wat hij wil.',
      ],
      female: [
        'Ik zoek een leuke vrouw om mee te chatten en misschien af te spreken.',
        'Ik wil graag een vrouw met humor leren kennen.',
      ],
      both: ['Ik sta open voor leuke mensen, man of vrouw.', 'Man of vrouw: het gaat om de klik.'],
    },
    close: [
      'Stuur me een berichtje!',
      'Zeg gerust hoi, ik bijt niet :)',
      'Nieuwsgierig? Schrijf me gewoon.',
      'We zien wel waar het heen gaat.',
    ],
  },
  fr: {
    open: [
      'Coucou !',
      "Salut, moi c'est {name}.",
      'Merci de passer sur mon profil.',
      '[Nouveau|Nouvelle] ici et [curieux|curieuse] de voir ce qui se passe.',
    ],
    about: [
      "J'habite à {city} et j'adore les bonnes conversations.",
      'Le week-end, je suis souvent dehors ou entre amis.',
      'Je ris facilement et je ne me prends pas trop au sérieux.',
      '[Honnête, spontané|Honnête, spontanée] et toujours [partant|partante] pour de nouvelles choses.',
      "Après le travail, j'aime me détendre avec de la bonne musique et un bon repas.",
    ],
    look: {
      male: [
        'Je cherche un homme sympa pour discuter et peut-être se rencontrer.',
        "J'aimerais rencontrer un homme qui sait ce qu'il veut.",
      ],
      female: [
        'Je cherche une femme sympa pour discuter et peut-être se rencontrer.',
        "J'aimerais rencontrer une femme avec de l'humour.",
      ],
      both: [
        '[Ouvert|Ouverte] aux belles rencontres, hommes ou femmes.',
        "Homme ou femme : c'est le feeling qui compte.",
      ],
    },
    close: [
      'Écris-moi !',
      'Dis bonjour, je ne mords pas :)',
      "Envie d'en savoir plus ? Écris-moi.",
      'On verra bien où ça mène.',
    ],
  },
  it: {
    open: [
      'Ciao!',
      'Ciao, sono {name}.',
      'Che bello che guardi il mio profilo.',
      '[Nuovo|Nuova] qui e [curioso|curiosa] di vedere cosa succede.',
    ],
    about: [
      'Vivo a {city} e adoro le belle chiacchierate.',
      "Nel fine settimana mi trovi all'aria aperta o con gli amici.",
      'Rido facilmente e non mi prendo troppo sul serio.',
      '[Sincero, spontaneo|Sincera, spontanea] e sempre [pronto|pronta] a provare cose nuove.',
      'Dopo il lavoro mi rilasso con buona musica e buon cibo.',
    ],
    look: {
      male: [
        'Cerco un uomo simpatico per chattare e magari incontrarci.',
        'Vorrei conoscere un uomo che sa cosa vuole.',
      ],
      female: [
        'Cerco una donna simpatica per chattare e magari incontrarci.',
        "Vorrei conoscere una donna con senso dell'umorismo.",
      ],
      both: [
        '[Aperto|Aperta] a conoscere persone simpatiche, uomini o donne.',
        'Uomo o donna: conta la sintonia.',
      ],
    },
    close: [
      'Scrivimi!',
      'Salutami, non mordo :)',
      'Vuoi saperne di più? Scrivimi.',
      'Vediamo dove ci porta.',
    ],
  },
  es: {
    open: [
      '¡Hola!',
      'Hola, soy {name}.',
      'Qué bien que pases por mi perfil.',
      '[Nuevo|Nueva] por aquí y con ganas de ver qué pasa.',
    ],
    about: [
      'Vivo en {city} y me encantan las buenas conversaciones.',
      'Los fines de semana me encontrarás al aire libre o con amigos.',
      'Me río con facilidad y no me tomo demasiado en serio.',
      '[Sincero, espontáneo|Sincera, espontánea] y siempre con ganas de algo nuevo.',
      'Después del trabajo me relajo con buena música y buena comida.',
    ],
    look: {
      male: [
        'Busco un hombre simpático para chatear y quizá quedar.',
        'Me gustaría conocer a un hombre que sepa lo que quiere.',
      ],
      female: [
        'Busco una mujer simpática para chatear y quizá quedar.',
        'Me gustaría conocer a una mujer con sentido del humor.',
      ],
      both: [
        '[Abierto|Abierta] a conocer gente maja, hombres o mujeres.',
        'Hombre o mujer: lo que cuenta es la química.',
      ],
    },
    close: [
      '¡Escríbeme!',
      'Salúdame, no muerdo :)',
      '¿Te pica la curiosidad? Escríbeme.',
      'A ver adónde nos lleva.',
    ],
  },
  da: {
    open: [
      'Hej!',
      'Hej, jeg hedder {name}.',
      'Dejligt, at du kigger forbi min profil.',
      'Ny her og spændt på, hvad der sker.',
    ],
    about: [
      'Jeg bor i {city} og elsker en god snak.',
      'I weekenden er jeg gerne ude i naturen eller sammen med venner.',
      'Jeg griner let og tager ikke mig selv så højtideligt.',
      'Ærlig, spontan og altid frisk på noget nyt.',
      'Efter arbejde slapper jeg helst af med god musik og god mad.',
    ],
    look: {
      male: [
        'Jeg søger en sød mand at skrive med og måske mødes med.',
        'Jeg vil gerne møde en mand, der ved, hvad han vil.',
      ],
      female: [
        'Jeg søger en sød kvinde at skrive med og måske mødes med.',
        'Jeg vil gerne møde en kvinde med humor.',
      ],
      both: ['Åben for søde mennesker, mænd eller kvinder.', 'Mand eller kvinde: det handler om kemien.'],
    },
    close: [
      'Skriv til mig!',
      'Sig hej, jeg bider ikke :)',
      'Nysgerrig? Så skriv til mig.',
      'Lad os se, hvor det fører hen.',
    ],
  },
  nb: {
    open: [
      'Hei!',
      'Hei, jeg heter {name}.',
      'Hyggelig at du tar en titt på profilen min.',
      'Ny her og spent på hva som skjer.',
    ],
    about: [
      'Jeg bor i {city} og elsker en god prat.',
      'I helgene er jeg gjerne ute i naturen eller sammen med venner.',
      'Jeg ler lett og tar ikke meg selv så høytidelig.',
      'Ærlig, spontan og alltid klar for noe nytt.',
      'Etter jobb slapper jeg helst av med god musikk og god mat.',
    ],
    look: {
      male: [
        'Jeg ser etter en hyggelig mann å skrive med og kanskje møte.',
        'Jeg vil gjerne bli kjent med en mann som vet hva han vil.',
      ],
      female: [
        'Jeg ser etter en hyggelig kvinne å skrive med og kanskje møte.',
        'Jeg vil gjerne bli kjent med en kvinne med humor.',
      ],
      both: ['Åpen for hyggelige folk, menn eller kvinner.', 'Mann eller kvinne: det er kjemien som teller.'],
    },
    close: [
      'Send meg en melding!',
      'Si hei, jeg biter ikke :)',
      'Nysgjerrig? Bare skriv til meg.',
      'Vi får se hvor det bærer.',
    ],
  },
  sv: {
    open: [
      'Hej!',
      'Hej, jag heter {name}.',
      'Kul att du tittar in på min profil.',
      'Ny här och nyfiken på vad som händer.',
    ],
    about: [
      'Jag bor i {city} och älskar ett bra samtal.',
      'På helgerna är jag gärna ute i naturen eller med vänner.',
      'Jag skrattar lätt och tar inte mig själv på för stort allvar.',
      'Ärlig, spontan och alltid sugen på något nytt.',
      'Efter jobbet kopplar jag helst av med bra musik och god mat.',
    ],
    look: {
      male: [
        'Jag söker en trevlig man att skriva med och kanske träffa.',
        'Jag vill gärna lära känna en man som vet vad han vill.',
      ],
      female: [
        'Jag söker en trevlig kvinna att skriva med och kanske träffa.',
        'Jag vill gärna lära känna en kvinna med humor.',
      ],
      both: [
        'Öppen för trevliga människor, män eller kvinnor.',
        'Man eller kvinna: det är kemin som räknas.',
      ],
    },
    close: [
      'Skicka ett meddelande!',
      'Säg hej, jag bits inte :)',
      'Nyfiken? Skriv bara till mig.',
      'Vi får se vart det leder.',
    ],
  },
  fi: {
    open: [
      'Moikka!',
      'Hei, olen {name}.',
      'Kiva, että kurkkaat profiiliani.',
      'Uusi täällä ja utelias näkemään, mitä tapahtuu.',
    ],
    about: [
      // Finnish inflects place names; the nominative after "kotikaupunkini on" needs none.
      'Kotikaupunkini on {city}, ja rakastan hyviä keskusteluja.',
      'Viikonloppuisin olen mielelläni luonnossa tai ystävien kanssa.',
      'Nauran helposti enkä ota itseäni liian vakavasti.',
      'Rehellinen, spontaani ja aina valmis kokeilemaan uutta.',
      'Töiden jälkeen rentoudun mieluiten hyvän musiikin ja hyvän ruoan parissa.',
    ],
    look: {
      male: [
        'Etsin mukavaa miestä juttuseuraksi ja ehkä tapaamiseen.',
        'Haluaisin tutustua mieheen, joka tietää, mitä haluaa.',
      ],
      female: [
        'Etsin mukavaa naista juttuseuraksi ja ehkä tapaamiseen.',
        'Haluaisin tutustua naiseen, jolla on huumorintajua.',
      ],
      both: ['Avoin mukaville ihmisille, miehille tai naisille.', 'Mies tai nainen: kemia ratkaisee.'],
    },
    close: [
      'Laita viestiä!',
      'Sano hei, en pure :)',
      'Kiinnostuitko? Kirjoita minulle.',
      'Katsotaan, mihin tämä vie.',
    ],
  },
  pl: {
    open: [
      'Cześć!',
      'Hej, jestem {name}.',
      'Miło, że zaglądasz na mój profil.',
      'Jestem tu [nowy|nowa] i [ciekawy|ciekawa], co się wydarzy.',
    ],
    about: [
      // Polish inflects place names too; "moje miasto to" keeps the nominative.
      'Moje miasto to {city}, a dobre rozmowy to coś, co uwielbiam.',
      'W weekendy najchętniej jestem na świeżym powietrzu albo ze znajomymi.',
      'Łatwo się śmieję i nie traktuję siebie zbyt poważnie.',
      '[Szczery, spontaniczny|Szczera, spontaniczna] i zawsze [otwarty|otwarta] na coś nowego.',
      'Po pracy najchętniej odpoczywam przy dobrej muzyce i dobrym jedzeniu.',
    ],
    look: {
      male: [
        'Szukam miłego mężczyzny do rozmowy, a może i spotkania.',
        'Chętnie poznam mężczyznę, który wie, czego chce.',
      ],
      female: [
        'Szukam miłej kobiety do rozmowy, a może i spotkania.',
        'Chętnie poznam kobietę z poczuciem humoru.',
      ],
      both: [
        '[Otwarty|Otwarta] na miłych ludzi, mężczyzn i kobiety.',
        'Mężczyzna czy kobieta: liczy się chemia.',
      ],
    },
    close: [
      'Napisz do mnie!',
      'Przywitaj się, nie gryzę :)',
      'Ciekawi cię więcej? Napisz.',
      'Zobaczymy, dokąd nas to zaprowadzi.',
    ],
  },
};

function fill(
  template: string,
  gender: 'male' | 'female',
  values: { name: string; city: string | null },
): string {
  return template
    .replace(/\[([^|\]]*)\|([^\]]*)\]/g, (_, masculine: string, feminine: string) =>
      gender === 'male' ? masculine : feminine,
    )
    .replace('{name}', values.name)
    .replace('{city}', values.city ?? '');
}

/** The sentences saying whom a writer of `gender` seeks, as `profileText` writes them. */
export function lookSentences(
  language: Locale,
  seeking: 'male' | 'female' | 'both',
  gender: 'male' | 'female',
): string[] {
  return PHRASES[language].look[seeking].map((s) => fill(s, gender, { name: '', city: null }));
}

/**
 * An "about me" text, or null for the members who never wrote one. An operator-run profile's
 * text says nothing of meeting (the `look` sentences do): the profile's warning says it cannot be
 * met, and its own words do not say otherwise. Its sentence is still drawn, so that every other
 * member of a seed stays who they were.
 */
export function profileText(
  random: Random,
  language: Locale,
  who: {
    name: string;
    city: string | null;
    gender: 'male' | 'female';
    seeking: 'male' | 'female' | 'both';
    fictional: boolean;
  },
): string | null {
  if (random.chance(0.08)) return null;
  const p = PHRASES[language];
  const about = p.about.filter((s) => who.city !== null || !s.includes('{city}'));
  const parts: string[] = [];
  if (random.chance(0.7)) parts.push(random.pick(p.open));
  const first = random.pick(about);
  parts.push(first);
  if (random.chance(0.5)) {
    const second = random.pick(about.filter((s) => s !== first));
    parts.push(second);
  }
  const look = random.pick(p.look[who.seeking]);
  if (!who.fictional) parts.push(look);
  if (random.chance(0.75)) parts.push(random.pick(p.close));
  return parts.map((s) => fill(s, who.gender, who)).join(' ');
}
