import { FIRST_PAGE } from '@contract/constants';
import {
  COMPLIANCE_STATUS_LABELS,
  COMPLIANCE_STATUSES,
  type ComplianceReportQuery,
  type ComplianceStatus,
  EXPIRING_WITHIN_DAYS,
} from '@contract/course-assignments/compliance';
import { Card, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { formatDateTime } from '@/lib/format-date';
import { FigureStats } from '@/ui/compliance/figure-stats';
import { complianceFiguresOptions } from '@/ui/compliance/queries';
import { ComplianceReport } from '@/ui/compliance/report-table';
import { dropdownProps } from '@/ui/form/dropdown-props';
import { QueryStatus } from '@/ui/query-status';
import { FigureChart } from './figure-chart';
import { FigureTable } from './figure-table';

export const REPORT_ID = 'compliance-report';

type ComplianceDashboardProps = {
  search: ComplianceReportQuery;
  onSearchChange: (patch: Partial<ComplianceReportQuery>) => void;
  /** A router link to the report of one figure, from its first page, given the anchor's props. */
  reportLink: (filters: ReportFilters) => (props: Record<string, unknown>) => ReactElement;
};

export type ReportFilters = Pick<ComplianceReportQuery, 'status' | 'team' | 'course'>;

const statusOptions = COMPLIANCE_STATUSES.map((status) => ({
  value: status,
  label: COMPLIANCE_STATUS_LABELS[status],
}));

type NamedFilterProps = {
  label: 'Team' | 'Course';
  /** The placeholder when nothing is chosen. */
  all: string;
  rows: { _id: string; name: string }[] | undefined;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
};

/** The report's team or course filter: a searchable choice of the figures' rows, cleared for all. */
function NamedFilter({ label, all, rows, value, onChange }: NamedFilterProps) {
  return (
    <Select
      label={label}
      placeholder={all}
      searchable
      clearable
      nothingFoundMessage={`No ${label.toLowerCase()} found.`}
      data={(rows ?? []).map((row) => ({ value: row._id, label: row.name }))}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      w={{ base: '100%', xs: 220 }}
      comboboxProps={dropdownProps}
    />
  );
}

/**
 * Where the organization stands on assigned training: the four figures, per team and per course
 * (a chart of the largest and a table of all), and the report of learners' courses the chosen
 * figure counts, filtered in the address so a figure's list can be shared as a link.
 */
export function ComplianceDashboard({ search, onSearchChange, reportLink }: ComplianceDashboardProps) {
  const figures = useQuery(complianceFiguresOptions());
  const data = figures.data;
  const filter = (patch: Partial<ComplianceReportQuery>) => onSearchChange({ ...patch, page: FIRST_PAGE });

  return (
    <Stack gap="lg">
      <Stack gap={4} component="section" aria-labelledby="compliance-title">
        <Title order={2} size="h3" id="compliance-title">
          Compliance
        </Title>
        <Text size="sm" c="dimmed">
          Courses of assigned training, one per learner and course; expiring means within{' '}
          {EXPIRING_WITHIN_DAYS} days.{data ? ` As of ${formatDateTime(data.asOf)}.` : ''}
        </Text>
        {data ? (
          <Stack gap="md" mt="xs">
            <FigureStats
              figures={data.total}
              of="the organization"
              link={(status) => reportLink({ status, team: undefined, course: undefined })}
            />
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              <Card withBorder padding="md" component="section" aria-labelledby="by-team-title">
                <Title order={3} size="h4" id="by-team-title" mb="sm">
                  By team
                </Title>
                <Stack gap="sm">
                  <FigureChart rows={data.teams} caption="Teams with the most assigned courses." />
                  <FigureTable
                    label="Team"
                    rows={data.teams}
                    link={(row, status) => reportLink({ status, team: row._id, course: undefined })}
                  />
                </Stack>
              </Card>
              <Card withBorder padding="md" component="section" aria-labelledby="by-course-title">
                <Title order={3} size="h4" id="by-course-title" mb="sm">
                  By course
                </Title>
                <Stack gap="sm">
                  <FigureChart rows={data.courses} caption="Courses assigned to the most learners." />
                  <FigureTable
                    label="Course"
                    rows={data.courses}
                    link={(row, status) => reportLink({ status, team: undefined, course: row._id })}
                  />
                </Stack>
              </Card>
            </SimpleGrid>
          </Stack>
        ) : (
          <QueryStatus query={figures} />
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby={`${REPORT_ID}-title`} id={REPORT_ID}>
        <Title order={2} size="h3" id={`${REPORT_ID}-title`}>
          Report
        </Title>
        <ComplianceReport
          label="Compliance report"
          query={search}
          onPaginationChange={(next) => onSearchChange(next as Partial<ComplianceReportQuery>)}
        >
          <Select
            label="Figure"
            data={statusOptions}
            value={search.status}
            allowDeselect={false}
            onChange={(value) => value && filter({ status: value as ComplianceStatus })}
            w={{ base: '100%', xs: 220 }}
            comboboxProps={dropdownProps}
          />
          <NamedFilter
            label="Team"
            all="All teams"
            rows={data?.teams}
            value={search.team}
            onChange={(team) => filter({ team })}
          />
          <NamedFilter
            label="Course"
            all="All courses"
            rows={data?.courses}
            value={search.course}
            onChange={(course) => filter({ course })}
          />
        </ComplianceReport>
      </Stack>
    </Stack>
  );
}
