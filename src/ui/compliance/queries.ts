import {
  type ComplianceExportQuery,
  type ComplianceReportQuery,
  type ComplianceReportRow,
  type ComplianceResult,
  compliancePaths,
} from '@contract/course-assignments/compliance';
import type { Paged } from '@contract/envelope';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The compliance figures and report, shared by the administration's dashboard and the team
 * dashboard's Team Report card. They change with every completion and membership, so they are
 * read again whenever a screen showing them opens.
 */
export const complianceKeys = {
  all: ['compliance'] as const,
  figures: (team: string | undefined) => [...complianceKeys.all, 'figures', team ?? null] as const,
  report: (query: ComplianceReportQuery) => [...complianceKeys.all, 'report', query] as const,
};

export const complianceFiguresOptions = (team?: string) =>
  queryOptions({
    queryKey: complianceKeys.figures(team),
    queryFn: async ({ signal }) =>
      (await api.get<ComplianceResult>(compliancePaths.figures, { query: { team }, signal })).results,
    staleTime: 0,
  });

export const complianceReportOptions = (query: ComplianceReportQuery) =>
  queryOptions({
    queryKey: complianceKeys.report(query),
    queryFn: async ({ signal }) =>
      (await api.get<Paged<ComplianceReportRow>>(compliancePaths.report, { query, signal })).results,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The export's query: the report's filters without its paging. */
export function exportFilters({ status, team, course }: ComplianceExportQuery): ComplianceExportQuery {
  return { status, team, course };
}
