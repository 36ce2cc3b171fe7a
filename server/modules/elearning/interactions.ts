import { sql } from 'drizzle-orm';
import { csvCell } from '../../../contract/csv.ts';
import { ELEARNING_INTERACTION_COLUMNS } from '../../../contract/elearning/report.ts';
import type { ElearningStructure } from '../../../contract/elearning/resource.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** Records read per batch of the export, so memory holds one batch whatever the package's size. */
const BATCH = 200;

type RecordRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  attempt: number;
  sco_id: string;
  cmi: Record<string, string>;
};

type Interaction = Record<string, string>;

/** The interactions a record's CMI data holds (`cmi.interactions.N.*`), in the order N says. */
export function interactionsOf(cmi: Record<string, string>): Interaction[] {
  const byIndex = new Map<number, Interaction>();
  for (const [name, value] of Object.entries(cmi)) {
    const match = /^cmi\.interactions\.(\d+)\.(.+)$/.exec(name);
    if (!match) continue;
    const index = Number(match[1]);
    const found = byIndex.get(index) ?? {};
    found[match[2] as string] = value;
    byIndex.set(index, found);
  }
  return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, interaction]) => interaction);
}

/** One line per interaction: 1.2 writes `student_response` and `time`, 2004 `learner_response` and `timestamp`. */
function linesOf(record: RecordRow, scoTitle: (id: string) => string): string {
  return interactionsOf(record.cmi ?? {})
    .map((interaction) => {
      const cells = [
        `${record.first_name} ${record.last_name}`.trim(),
        record.email,
        String(record.attempt),
        scoTitle(record.sco_id),
        interaction.id ?? '',
        interaction.description ?? '',
        interaction.learner_response ?? interaction.student_response ?? '',
        interaction['correct_responses.0.pattern'] ?? '',
        interaction.result ?? '',
        interaction.latency ?? '',
        interaction.timestamp ?? interaction.time ?? '',
      ];
      return `${cells.map(csvCell).join(',')}\r\n`;
    })
    .join('');
}

/**
 * GET /elearning-package/{id}/interactions: every learner's interactions as CSV, by learner,
 * attempt and SCO, read BATCH records at a time. A byte-order mark lets spreadsheet apps read
 * it as UTF-8.
 */
export function interactionsCsv(
  db: Database,
  packageId: string,
  structure: ElearningStructure,
): ReadableStream<Uint8Array> {
  const titles = new Map(structure.items.map((item) => [item.identifier, item.title]));
  const scoTitle = (id: string) => titles.get(id) ?? id;
  const encoder = new TextEncoder();
  let offset = -1;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (offset < 0) {
          offset = 0;
          controller.enqueue(encoder.encode(`\uFEFF${ELEARNING_INTERACTION_COLUMNS.join(',')}\r\n`));
          return;
        }
        for (;;) {
          const records = await queryRows<RecordRow>(
            db,
            sql`select r.id, u.first_name, u.last_name, u.email, r.attempt, r.sco_id, r.cmi
                from elearning_records r join users u on u.id = r.user_id
                where r.package_id = ${packageId}
                order by u.first_name, u.last_name, u.id, r.attempt, r.sco_id, r.id
                limit ${BATCH} offset ${offset}`,
          );
          offset += records.length;
          const text = records.map((record) => linesOf(record, scoTitle)).join('');
          if (text) controller.enqueue(encoder.encode(text));
          if (records.length < BATCH) {
            controller.close();
            return;
          }
          if (text) return;
        }
      },
    },
    { highWaterMark: 1 },
  );
}
