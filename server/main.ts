/** The server's entry (`npm start`): see server/run.ts. */
import './run.ts';
