/**
 * Makes the checkout's demo clip (app/media/toolkit-tour.*) from slides drawn here as SVG:
 * sharp renders them, ffmpeg (Debian's package) joins them into a small H.264 MP4, and the
 * captions track says what each slide shows. Run by hand when the slides change; the outputs are
 * committed, so neither ffmpeg nor this script runs at build time.
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";

const W = 1280;
const H = 720;
const SECONDS_PER_SLIDE = 4;
const OUT = join(process.cwd(), "app", "media");

interface Slide {
  title: string;
  caption: string;
  colors: [string, string, string];
  cards: string[];
}

const slides: Slide[] = [
  {
    title: "2500+ Canva templates",
    caption: "2500+ customizable Canva templates, ready for your brand.",
    colors: ["#4c1d95", "#7c3aed", "#ede9fe"],
    cards: ["Brand Kit", "Logo", "Business Card", "Email Signature"],
  },
  {
    title: "1100+ Instagram templates",
    caption: "Posts, stories and carousels that look like you hired a designer.",
    colors: ["#9d174d", "#db2777", "#fce7f3"],
    cards: ["Quote Post", "Carousel", "Story", "Launch Post"],
  },
  {
    title: "150+ client worksheets",
    caption: "Coaching worksheets and 4 client workbooks for every session.",
    colors: ["#065f46", "#059669", "#d1fae5"],
    cards: ["Goal Setting", "Values", "Wheel of Life", "Habit Tracker"],
  },
  {
    title: "32+ client forms",
    caption: "Intake, onboarding and feedback forms, in PDF and editable formats.",
    colors: ["#1e3a8a", "#2563eb", "#dbeafe"],
    cards: ["Intake Form", "Agreement", "Session Notes", "Feedback"],
  },
  {
    title: "Customize in Canva, share in minutes",
    caption: "Change colors, fonts and words in Canva, then share with clients.",
    colors: ["#7c2d12", "#ea580c", "#ffedd5"],
    cards: ["Edit", "Brand", "Download", "Share"],
  },
];

function slideSvg(slide: Slide): string {
  const [dark, mid, light] = slide.colors;
  const cards = slide.cards
    .map((label, i) => {
      const x = 110 + i * 270;
      const y = 300 + (i % 2) * 30;
      return `<g transform="translate(${x} ${y})">
        <rect width="230" height="300" rx="18" fill="#ffffff" stroke="${mid}" stroke-width="4"/>
        <rect x="20" y="20" width="190" height="120" rx="10" fill="${light}"/>
        <circle cx="115" cy="80" r="34" fill="${mid}" opacity="0.85"/>
        <rect x="20" y="160" width="150" height="16" rx="8" fill="${dark}"/>
        <rect x="20" y="190" width="190" height="10" rx="5" fill="#cbd5e1"/>
        <rect x="20" y="210" width="170" height="10" rx="5" fill="#cbd5e1"/>
        <rect x="20" y="230" width="120" height="10" rx="5" fill="#cbd5e1"/>
        <text x="115" y="280" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="20" font-weight="700" fill="${dark}">${label}</text>
      </g>`;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#bg)"/>
    <rect x="0" y="0" width="${W}" height="12" fill="${mid}"/>
    <text x="110" y="150" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" font-weight="700" fill="${mid}">LIFE COACHING BRANDING TOOLKIT v2.0</text>
    <text x="110" y="225" font-family="DejaVu Sans, Arial, sans-serif" font-size="60" font-weight="800" fill="${dark}">${slide.title}</text>
    ${cards}
  </svg>`;
}

const vttTime = (seconds: number) =>
  `00:${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}.000`;

const work = await mkdtemp(join(tmpdir(), "demo-video-"));
try {
  for (const [i, slide] of slides.entries()) {
    await sharp(Buffer.from(slideSvg(slide)))
      .png()
      .toFile(join(work, `slide-${i}.png`));
  }
  await sharp(join(work, "slide-0.png")).webp({ quality: 72 }).toFile(join(OUT, "toolkit-tour-poster.webp"));
  execFileSync(
    "ffmpeg",
    [
      "-y",
      "-loglevel",
      "error",
      "-framerate",
      `1/${SECONDS_PER_SLIDE}`,
      "-i",
      join(work, "slide-%d.png"),
      "-vf",
      "fps=24,format=yuv420p",
      "-c:v",
      "libx264",
      "-preset",
      "slow",
      "-crf",
      "30",
      "-tune",
      "stillimage",
      "-movflags",
      "+faststart",
      "-an",
      join(OUT, "toolkit-tour.mp4"),
    ],
    { stdio: "inherit" },
  );
  const cues = slides
    .map(
      (slide, i) =>
        `${i + 1}\n${vttTime(i * SECONDS_PER_SLIDE)} --> ${vttTime((i + 1) * SECONDS_PER_SLIDE)}\n${slide.caption}\n`,
    )
    .join("\n");
  await writeFile(join(OUT, "toolkit-tour.vtt"), `WEBVTT\n\n${cues}`);
} finally {
  await rm(work, { recursive: true, force: true });
}
console.log("wrote app/media/toolkit-tour.{mp4,vtt} and toolkit-tour-poster.webp");
