/** The blog's illustrations: one drawn style, coloured per category, as inline SVG. */
const TONES = [
  ["#4c1d95", "#8b5cf6", "#ede9fe"],
  ["#9d174d", "#ec4899", "#fce7f3"],
  ["#065f46", "#10b981", "#d1fae5"],
  ["#1e3a8a", "#3b82f6", "#dbeafe"],
  ["#7c2d12", "#f97316", "#ffedd5"],
  ["#134e4a", "#14b8a6", "#ccfbf1"],
] as const;

function toneOf(category: string) {
  let hash = 0;
  for (const char of category) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return TONES[hash % TONES.length]!;
}

export function CategoryArt({
  category,
  alt,
  className = "",
}: {
  category: string;
  alt: string;
  className?: string;
}) {
  const [dark, mid, light] = toneOf(category);
  return (
    <svg viewBox="0 0 640 360" role="img" aria-label={alt} className={`h-auto w-full ${className}`}>
      <rect width="640" height="360" fill={light} />
      <circle cx="520" cy="70" r="120" fill={mid} opacity="0.25" />
      <circle cx="90" cy="320" r="90" fill={mid} opacity="0.2" />
      <rect x="140" y="70" width="190" height="230" rx="18" fill="#fff" stroke={mid} strokeWidth="5" />
      <rect x="165" y="100" width="140" height="18" rx="9" fill={dark} />
      <rect x="165" y="135" width="120" height="10" rx="5" fill={mid} opacity="0.5" />
      <rect x="165" y="155" width="130" height="10" rx="5" fill={mid} opacity="0.5" />
      <rect x="165" y="175" width="100" height="10" rx="5" fill={mid} opacity="0.5" />
      <rect x="165" y="215" width="120" height="54" rx="10" fill={light} />
      <rect x="360" y="120" width="150" height="150" rx="24" fill={mid} />
      <circle cx="435" cy="180" r="34" fill="#fff" opacity="0.9" />
      <rect x="395" y="228" width="80" height="12" rx="6" fill="#fff" opacity="0.9" />
    </svg>
  );
}
