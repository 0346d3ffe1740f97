import { useServer } from '../support/use-server.ts';
import { statisticsTests } from './statistics-suite.ts';

statisticsTests(useServer({ clock: true, trustProxy: true, database: 'postgres' }));
