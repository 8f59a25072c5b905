import styled from 'styled-components';
import { Row } from '@/modules/ui/components/Layout';

/** A row whose items wrap onto more lines (reactions, files, a poll's details). */
export const WrappingRow = styled(Row)`
  flex-wrap: wrap;
`;

/** Takes the room a row leaves (a text field beside its button). */
export const Grow = styled.div`
  flex: 1;
`;
