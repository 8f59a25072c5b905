import { ChevronLeft, ChevronRight } from 'lucide-react';
import styled from 'styled-components';

/* Icons that point along the reading direction turn round in right-to-left text. */
const Flip = styled.span`
  display: inline-flex;
  [dir='rtl'] & { transform: scaleX(-1); }
`;

/** "Back" or "previous": points to where the reader's line starts. */
export function PreviousIcon() {
  return (
    <Flip aria-hidden="true">
      <ChevronLeft size={18} />
    </Flip>
  );
}

/** "Next": points to where the reader's line goes. */
export function NextIcon() {
  return (
    <Flip aria-hidden="true">
      <ChevronRight size={18} />
    </Flip>
  );
}
