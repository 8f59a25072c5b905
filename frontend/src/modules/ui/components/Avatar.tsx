import styled from 'styled-components';

const StyledAvatar = styled.span<{ $size: number }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  overflow: hidden;
  background: ${({ theme }) => theme.color.primarySoft};
  /* The text colour, not the primary: initials stay readable (4.5:1) on the soft tint. */
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ $size }) => Math.round($size * 0.4)}px;
  font-weight: 600;
  border: 2px solid ${({ theme }) => theme.color.surface};
  img { width: 100%; height: 100%; object-fit: cover; }
`;

export interface AvatarProps {
  name: string;
  src?: string | null;
  size?: number;
  title?: string;
}

/** Initials of a name, at most two letters. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase() ?? '')
    .join('');
}

/** A round picture, or the person's initials. */
export function Avatar({ name, src, size = 32, title }: AvatarProps) {
  return (
    <StyledAvatar $size={size} title={title ?? name} role="img" aria-label={title ?? name}>
      {src ? <img src={src} alt="" /> : initials(name)}
    </StyledAvatar>
  );
}
