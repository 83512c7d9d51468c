/** Drawn previews of toolkit templates, as inline SVG: no image request, crisp at any size. */
const palette = {
  violet: ["#4c1d95", "#7c3aed", "#ede9fe"],
  pink: ["#9d174d", "#db2777", "#fce7f3"],
  green: ["#065f46", "#059669", "#d1fae5"],
  blue: ["#1e3a8a", "#2563eb", "#dbeafe"],
  orange: ["#7c2d12", "#ea580c", "#ffedd5"],
} as const;

type Tone = keyof typeof palette;

export function TemplateMockup({
  label,
  title,
  tone,
  kind,
}: {
  label: string;
  title: string;
  tone: Tone;
  kind: "post" | "worksheet" | "card";
}) {
  const [dark, mid, light] = palette[tone];
  return (
    <svg
      viewBox="0 0 240 300"
      role="img"
      aria-label={`${label} template: ${title}`}
      className="h-auto w-full"
    >
      <rect width="240" height="300" rx="16" fill={light} />
      {kind === "post" && (
        <>
          <circle cx="120" cy="110" r="56" fill={mid} opacity="0.9" />
          <text x="120" y="116" textAnchor="middle" fontSize="22" fontWeight="800" fill="#fff">
            {title.split(" ")[0]}
          </text>
          <rect x="40" y="190" width="160" height="14" rx="7" fill={dark} />
          <rect x="60" y="214" width="120" height="10" rx="5" fill={mid} opacity="0.6" />
        </>
      )}
      {kind === "worksheet" && (
        <>
          <rect x="24" y="28" width="140" height="16" rx="8" fill={dark} />
          {[64, 104, 144, 184, 224].map((y) => (
            <g key={y}>
              <rect x="24" y={y} width="18" height="18" rx="4" fill="#fff" stroke={mid} strokeWidth="3" />
              <rect x="52" y={y + 4} width="160" height="10" rx="5" fill={mid} opacity="0.35" />
            </g>
          ))}
        </>
      )}
      {kind === "card" && (
        <>
          <rect x="24" y="90" width="192" height="120" rx="12" fill="#fff" stroke={mid} strokeWidth="3" />
          <circle cx="70" cy="150" r="26" fill={mid} />
          <rect x="110" y="132" width="90" height="12" rx="6" fill={dark} />
          <rect x="110" y="154" width="70" height="9" rx="4" fill={mid} opacity="0.5" />
        </>
      )}
      <text x="120" y="276" textAnchor="middle" fontSize="16" fontWeight="700" fill={dark}>
        {title}
      </text>
    </svg>
  );
}

export const GALLERY: { label: string; title: string; tone: Tone; kind: "post" | "worksheet" | "card" }[] = [
  { label: "Instagram post", title: "Mindset Monday", tone: "pink", kind: "post" },
  { label: "Client worksheet", title: "Goal Setting", tone: "green", kind: "worksheet" },
  { label: "Brand kit", title: "Business Card", tone: "violet", kind: "card" },
  { label: "Instagram carousel", title: "5 Habits", tone: "orange", kind: "post" },
  { label: "Client form", title: "Intake Form", tone: "blue", kind: "worksheet" },
  { label: "Email signature", title: "Signature", tone: "green", kind: "card" },
  { label: "Instagram story", title: "Free Call", tone: "violet", kind: "post" },
  { label: "Workbook page", title: "Values Map", tone: "pink", kind: "worksheet" },
];
