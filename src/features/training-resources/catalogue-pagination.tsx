import { PAGE_SIZES } from '@contract/constants';
import { Group, Pagination, Select, Text } from '@mantine/core';
import { dropdownProps } from '@/ui/form/dropdown-props';
import { paginationLabel } from '@/ui/resource-table';

type PageSize = (typeof PAGE_SIZES)[number];

type CataloguePaginationProps = {
  page: number;
  limit: PageSize;
  total: number;
  totalPages: number;
  onChange: (next: { page: number; limit: PageSize }) => void;
};

const sizeOptions = PAGE_SIZES.map((size) => String(size));

/** The catalogue's pages: 'first-last of total', the spec's page sizes and the page buttons. */
export function CataloguePagination({ page, limit, total, totalPages, onChange }: CataloguePaginationProps) {
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(page * limit, total);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm">
        <Select
          label="Courses per page"
          data={sizeOptions}
          value={String(limit)}
          allowDeselect={false}
          onChange={(value) => {
            const size = PAGE_SIZES.find((choice) => String(choice) === value);
            if (size) onChange({ page: 1, limit: size });
          }}
          w={150}
          comboboxProps={dropdownProps}
        />
        <Text size="sm" aria-live="polite" mt="lg">
          {paginationLabel({ from, to, totalRecords: total })}
        </Text>
      </Group>
      {totalPages > 1 && (
        <Pagination
          total={totalPages}
          value={page}
          onChange={(next) => onChange({ page: next, limit })}
          siblings={1}
          boundaries={1}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      )}
    </Group>
  );
}
