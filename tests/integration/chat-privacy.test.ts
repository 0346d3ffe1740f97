import { chatPrivacySuite } from './chat-privacy-suite.ts';

chatPrivacySuite('local');
