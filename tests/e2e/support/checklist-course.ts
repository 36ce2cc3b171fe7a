import type { APIRequestContext } from '@playwright/test';
import { checklistRecordPaths, type LearnerChecklist } from '../../../contract/checklists/records.ts';
import { LEAD } from './actions.ts';
import { apiAs } from './checklists.ts';

/** A member's checklist as their lead reads it through the API. */
export async function leadChecklist(
  request: APIRequestContext,
  teamId: string,
  memberId: string,
  checklistId: string,
) {
  const lead = await apiAs(request, LEAD);
  return lead.get<LearnerChecklist>(checklistRecordPaths.memberChecklist(teamId, memberId, checklistId));
}
