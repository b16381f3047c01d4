/**
 * The facts planted in the conversation notes, each with the questions a person would ask about
 * it. Written for this bench. A fact is said once, in one turn or two, in the words people use
 * in chat; its questions use the words a person would use asking later, which are often other
 * forms of the note's words (painting → paint) and sometimes other words entirely (insomnia →
 * can't sleep): those stay in, whoever they favour.
 */
import type { Kind } from './types.js';

export interface FactSlot {
  /** The person the conversation is with, or undefined for "me" alone (any conversation fits). */
  person?: string;
  /** The day the conversation took place (YYYY-MM-DD). */
  date: string;
}

export interface Fact {
  /** Who must be in the conversation (the fact is theirs); undefined: any. */
  person?: string;
  /** The turns that state it, `**Name**: text` each; "Me" for the vault's owner. */
  turns: (slot: FactSlot) => string[];
  questions: (slot: FactSlot) => { kind: Kind; text: string }[];
}

export const PEOPLE = ['Maria', 'Tom', 'Aisha', 'Kenji', 'Lena', 'Ravi', 'Sofia', 'Jonas'] as const;

const SEASONS = ['winter', 'winter', 'spring', 'spring', 'spring', 'summer', 'summer', 'summer', 'autumn', 'autumn', 'autumn', 'winter'];
const season = (date: string) => SEASONS[Number(date.slice(5, 7)) - 1] as string;

const PROJECTS: [string, string, string, string, string][] = [
  // base, -ing, past, the object as said, the object as a person recalls it
  ['paint', 'painting', 'painted', 'garden shed', 'shed'],
  ['build', 'building', 'built', 'bookshelf for the hallway', 'hallway bookshelf'],
  ['fix', 'fixing', 'fixed', 'old bicycle', 'old bike'],
  ['restore', 'restoring', 'restored', 'rocking chair from grandma', "grandma's rocking chair"],
  ['sand', 'sanding', 'sanded', 'dining table', 'dining table'],
  ['varnish', 'varnishing', 'varnished', 'wooden canoe', 'canoe'],
  ['repair', 'repairing', 'repaired', 'vintage radio', 'old radio'],
  ['tile', 'tiling', 'tiled', 'bathroom floor', 'bathroom floor'],
  ['rewire', 'rewiring', 'rewired', 'brass floor lamp', 'floor lamp'],
  ['sew', 'sewing', 'sewed', 'curtains for the bedroom', 'bedroom curtains'],
];

const projectFacts: Fact[] = PROJECTS.map(([base, ing, past, object, recalled], i) => ({
  turns: () => [
    [
      `**Me**: Mostly I've been ${ing} the ${object}, it ate the whole weekend.`,
      `**Me**: Spent Saturday ${ing} the ${object} again, nearly done.`,
      `**Me**: Finally ${past} the ${object}! Took me three weekends.`,
    ][i % 3] as string,
  ],
  questions: (slot) => [
    { kind: 'single-fact', text: `how long did ${ing} the ${recalled} take?` },
    { kind: 'paraphrase', text: `what did I ${base} last ${season(slot.date)}?` },
    { kind: 'temporal', text: `when was I working on the ${recalled}?` },
  ],
}));

const TRIPS: [string, string][] = [
  ['Lisbon', 'May'],
  ['Kyoto', 'April'],
  ['Vienna', 'December'],
  ['Krakow', 'February'],
  ['Seville', 'March'],
  ['Edinburgh', 'August'],
  ['Bergen', 'June'],
  ['Tallinn', 'January'],
  ['Naples', 'October'],
  ['Ljubljana', 'September'],
  ['Bruges', 'November'],
  ['Reykjavik', 'July'],
];

const tripFacts: Fact[] = TRIPS.map(([city, month], i) => {
  const person = PEOPLE[i % PEOPLE.length] as string;
  return {
    person,
    turns: () =>
      [
        [`**Me**: So we're planning a trip to ${city} in ${month}, just the two of us.`, `**${person}**: Perfect, I'll look at flights tonight.`],
        [`**${person}**: So ${city} in ${month}, are we really doing this?`, `**Me**: Yes! Booking the flights tonight.`],
        [`**Me**: What do you think about ${city} for ${month}? You've never been.`, `**${person}**: I'm in. Let's book it.`],
      ][i % 3] as string[],
    questions: () => [
      { kind: 'temporal', text: `when are we going to ${city}?` },
      { kind: 'person', text: `who am I travelling to ${city} with?` },
      { kind: 'paraphrase', text: `where did we plan to travel in ${month}?` },
    ],
  };
});

const ADVICE: [string, string, string][] = [
  // ailment as said, remedy, how a person asks about it later
  ['back pain', 'swimming twice a week', 'what was the advice for when my back hurts?'],
  ['insomnia', 'magnesium before bed and no screens after ten', "what should I do when I can't sleep?"],
  ['sore knees', 'cycling instead of running for a while', 'my knee hurts, what was suggested for it?'],
  ['headaches', 'drinking more water and a proper lunch break', 'what was the tip for my headache?'],
  ['stiff neck', 'a thinner pillow', 'my neck is stiff again, what helps?'],
  ['hay fever', 'a saline nasal rinse every morning', 'what did I get told for my pollen allergy?'],
  ['sore shoulder', 'resistance band exercises', 'exercises for shoulder pain?'],
  ['heartburn', 'smaller dinners and not lying down after eating', 'what to do about acid reflux?'],
  ['cold hands', 'merino liner gloves', 'my hands are always freezing, what did someone suggest?'],
  ['tennis elbow', 'an elbow strap and a lighter racket', 'my elbow hurts from tennis, what was the advice?'],
  ['dry eyes', 'the 20-20-20 rule and a humidifier', 'my eyes feel dry, what should I try?'],
  ['jet lag', 'getting outside in the morning light', 'how do I get over jetlag quickly?'],
];

const adviceFacts: Fact[] = ADVICE.map(([ailment, remedy, paraphrase], i) => {
  const person = PEOPLE[(i + 3) % PEOPLE.length] as string;
  return {
    person,
    turns: () =>
      [
        [`**Me**: My ${ailment} is back, it's driving me mad.`, `**${person}**: You should try ${remedy}, it really helped me.`],
        [`**${person}**: For your ${ailment}, honestly: ${remedy}.`],
        [`**${person}**: I'd recommend ${remedy} for the ${ailment}.`, `**Me**: Okay, I'll give it a go.`],
      ][i % 3] as string[],
    questions: () => [
      { kind: 'person', text: `what did ${person} recommend for my ${ailment}?` },
      { kind: 'paraphrase', text: paraphrase },
    ],
  };
});

const BOOKS: [string, string, string][] = [
  // title, what it is about, the topic as a person recalls it
  ['The Salt Orchard', 'a family running a lemon farm in Sicily', 'the lemon farm in Sicily'],
  ['Nine Quiet Rivers', 'a geologist mapping rivers in Patagonia', 'a geologist in Patagonia'],
  ['Paper Lanterns', 'two sisters who run a night market', 'sisters and a night market'],
  ['The Lighthouse Ledger', 'a keeper who logs every ship for forty years', 'a lighthouse keeper'],
  ['Small Hours', 'a night-shift nurse in Glasgow', 'a nurse working nights in Glasgow'],
  ['The Cartographer of Ash', 'mapmakers after a volcano buries their town', 'mapmakers and a volcano'],
  ['Winter Bees', 'a beekeeper keeping her hives alive through a hard winter', 'the beekeeper in winter'],
  ['Glass Harbour', 'a glassblower who rebuilds a harbour town', 'a glassblower'],
];

const bookFacts: Fact[] = BOOKS.map(([title, about, recalled], i) => {
  const person = PEOPLE[i] as string;
  return {
    person,
    turns: () => [`**${person}**: You have to read ${title}, it's about ${about}.`, `**Me**: Adding it to my list.`],
    questions: () => [
      { kind: 'person', text: `which book did ${person} tell me to read?` },
      { kind: 'single-fact', text: `what's the book about ${recalled} called?` },
    ],
  };
});

const PURCHASES: [string, string, string][] = [
  // what was bought, the price, a paraphrase of the thing
  ['a second-hand road bike', '450', 'did I end up getting a racing bicycle?'],
  ['a cast-iron skillet', '60', 'which frying pan did I buy?'],
  ['noise-cancelling headphones', '280', 'what headphone did I get for the office?'],
  ['an espresso machine', '390', 'did I buy a coffee maker?'],
  ['a robot vacuum', '320', 'the robotic vacuum cleaner, what did it cost?'],
  ['a sewing machine', '210', 'when did I get the machine for sewing?'],
  ['a small telescope', '175', 'did I purchase a telescope for stargazing?'],
  ['an inflatable kayak', '520', 'how much was the kayaks I looked at?'],
  ['a pressure cooker', '95', 'what did I pay for the instant pot?'],
  ['an e-reader', '140', 'did I buy a kindle in the end?'],
  ['a standing desk', '430', 'what did the height adjustable desk cost me?'],
  ['a pair of hiking boots', '160', 'what walking shoes did I buy?'],
];

const core = (item: string) => item.replace(/^(a|an|a pair of) /, '');

const purchaseFacts: Fact[] = PURCHASES.map(([item, price, paraphrase], i) => ({
  turns: () => [
    [
      `**Me**: I finally bought ${item}, ${price} euros.`,
      `**Me**: Ended up buying ${item} after all, ${price} euros with shipping.`,
      `**Me**: Ordered ${item} yesterday, ${price} euros, arrives Friday.`,
    ][i % 3] as string,
  ],
  questions: () => [
    { kind: 'single-fact', text: `how much did I pay for the ${core(item)}?` },
    { kind: 'paraphrase', text: paraphrase },
    { kind: 'temporal', text: `when did I buy the ${core(item)}?` },
  ],
}));

const ALLERGIES: [string, string, string][] = [
  // allergy, the dish it rules out, how a person asks
  ['shellfish', 'paella', 'which seafood does Maria avoid?'],
  ['peanuts', 'satay', 'what nuts must Tom stay away from?'],
  ['gluten', 'pasta', 'can Aisha eat bread?'],
  ['dairy', 'cheese fondue', 'is Kenji lactose intolerant?'],
  ['sesame', 'hummus', 'what seeds can Lena not have?'],
  ['eggs', 'carbonara', 'can Ravi eat an omelette?'],
  ['mushrooms', 'risotto', 'what vegetable does Sofia hate?'],
  ['cats', 'a weekend at my place', 'which pets is Jonas allergic to?'],
];

const allergyFacts: Fact[] = ALLERGIES.map(([allergy, dish, paraphrase], i) => {
  const person = PEOPLE[i] as string;
  return {
    person,
    turns: () => [`**${person}**: Remember I'm allergic to ${allergy}, so no ${dish} please.`],
    questions: () => [
      { kind: 'person', text: `what is ${person} allergic to?` },
      { kind: 'paraphrase', text: paraphrase },
    ],
  };
});

const EVENTS: [string, string, string, string][] = [
  // said, when, temporal question, paraphrase question
  ['my dentist appointment got moved to', 'Thursday the 14th at 9', 'when is my dentist appointment?', 'when do I see the dentist again?'],
  ['the plumber is coming', 'Monday morning between 8 and 10', 'when is the plumber coming?', 'when is the leak getting fixed?'],
  ['the Nightjars concert is on', 'Friday the 22nd', 'when is the Nightjars concert?', 'what day do we see the Nightjars play?'],
  ['our flat viewing is', 'Wednesday at 6', 'when is the flat viewing?', 'when do we view the apartment?'],
  ['the car goes in for its service on', 'Tuesday the 3rd', 'when is the car service?', 'when does the car get serviced?'],
  ['my passport renewal appointment is', 'the 19th at 11:30', 'when do I renew my passport?', 'when is the passport office appointment?'],
  ['the book club meets', 'on the last Sunday of the month', 'when does the book club meet?', 'when is book club?'],
  ['the half marathon is', 'Sunday the 9th, start at 8', 'when is the half marathon?', 'what date is the race I am running?'],
  ['my performance review is on', 'Wednesday the 28th', 'when is my performance review?', 'when is my yearly evaluation at work?'],
  ['the vet appointment for the dog is', 'Saturday at 10', 'when is the vet appointment?', 'when does the dog see the vet?'],
];

const eventFacts: Fact[] = EVENTS.map(([said, when, temporal, paraphrase]) => ({
  turns: () => [`**Me**: Note to self: ${said} ${when}.`],
  questions: () => [
    { kind: 'temporal', text: temporal },
    { kind: 'paraphrase', text: paraphrase },
  ],
}));

const HOBBIES: [string, string, string][] = [
  // the hobby as said, its day, how a person asks about it later
  ['pottery', 'Tuesday', 'when did I start throwing pots?'],
  ['salsa', 'Thursday', 'when did I take up dancing salsa?'],
  ['bouldering', 'Monday', 'since when have I been climbing?'],
  ['watercolour', 'Wednesday', 'when did I start painting with watercolours?'],
  ['Japanese', 'Saturday', 'when did I begin learning Japanese?'],
  ['cello', 'Friday', 'how long have I been playing the cello?'],
  ['sourdough baking', 'Sunday', 'when did I start baking bread?'],
  ['life drawing', 'Tuesday', 'when did I start drawing classes?'],
  ['woodturning', 'Saturday', 'when did I get into turning wood?'],
  ['improv theatre', 'Thursday', 'when did I start doing improv?'],
];

const hobbyFacts: Fact[] = HOBBIES.map(([hobby, day, paraphrase]) => ({
  turns: () => [`**Me**: I signed up for ${hobby} lessons, the first one is on ${day}.`],
  questions: () => [
    { kind: 'single-fact', text: `which day are my ${hobby} lessons?` },
    { kind: 'temporal', text: `when did I sign up for ${hobby}?` },
    { kind: 'paraphrase', text: paraphrase },
  ],
}));

export const FACTS: Fact[] = [...projectFacts, ...tripFacts, ...adviceFacts, ...bookFacts, ...purchaseFacts, ...allergyFacts, ...eventFacts, ...hobbyFacts];

/** Words the filler talk draws on, so that the facts' words are not unique to their notes. */
export const TOPICS = {
  cities: TRIPS.map(([c]) => c),
  objects: PROJECTS.map(([, , , , recalled]) => recalled),
  items: PURCHASES.map(([i]) => core(i)),
  ailments: ADVICE.map(([a]) => a),
  hobbies: HOBBIES.map(([h]) => h),
  foods: ALLERGIES.map(([, d]) => d),
};
