export { showcaseCards, ageOn, type ProfileCard } from './profiles.service.ts';
export { INTERESTS, interestsFor } from './catalog.ts';
