import { FIRST_PAGE } from '@contract/constants';
import {
  COMPLIANCE_STATUS_LABELS,
  type ComplianceReportQuery,
  type ComplianceStatus,
} from '@contract/course-assignments/compliance';
import { Modal } from '@mantine/core';
import { useState } from 'react';
import { ComplianceReport } from '@/ui/compliance/report-table';

type ComplianceModalProps = {
  teamId: string;
  /** The figure whose rows are listed; null when closed. */
  status: ComplianceStatus | null;
  onClose: () => void;
};

/** The team members' courses one compliance figure counts, with their CSV. */
export function ComplianceModal({ teamId, status, onClose }: ComplianceModalProps) {
  return (
    <Modal
      opened={status !== null}
      onClose={onClose}
      title={status ? `Training: ${COMPLIANCE_STATUS_LABELS[status]}` : ''}
      size="xl"
    >
      {status ? <TeamComplianceReport key={status} teamId={teamId} status={status} /> : null}
    </Modal>
  );
}

function TeamComplianceReport({ teamId, status }: { teamId: string; status: ComplianceStatus }) {
  const [paging, setPaging] = useState<Pick<ComplianceReportQuery, 'page' | 'limit'>>({
    page: FIRST_PAGE,
    limit: 10,
  });
  const query: ComplianceReportQuery = { status, team: teamId, course: undefined, ...paging };
  return (
    <ComplianceReport
      label={`Team training: ${COMPLIANCE_STATUS_LABELS[status]}`}
      query={query}
      onPaginationChange={(next) => setPaging(next as Pick<ComplianceReportQuery, 'page' | 'limit'>)}
    />
  );
}
