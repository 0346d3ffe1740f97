import { pushTests } from './push-suite.ts';

pushTests('sqlite');
