"""Folders as particular people have them, written before tidyup's planner
was taught anything about them: a PhD student's Downloads, a designer's
Desktop, a developer's Downloads (keys and credentials among the
installers), a folder someone half organized, and a music producer's
folder. Each has folders the user made, which files that clearly belong
there should join; things that must stay (secrets, launchers, projects);
companions that go with their main file; and copies whose clean-named
twin is the one kept."""
import contents as c
from folders_en import DAY, _code, _installer, _screenshot, fill
from items import BASE_TIME, file, group, in_use, into, launcher, project, secret, stays

# Families a person recognizes that tidyup has no folder for by default:
# where a careful person accepts them (tidyup's kind folders or a folder
# named for the family), never Others.
DATA = ("documents", "code", "Data", "Datasets")
LATEX = ("documents", "code", "LaTeX")
DESIGN = ("images", "Design")
LAYOUT = ("documents", "Design")
MOTION = ("videos", "Design")
CAD = ("documents", "CAD", "Design")
FONTS = ("installers", "documents", "Fonts")
DAW = ("audio", "Projects", "Music Projects", "Sessions")
MIDI = ("audio", "MIDI")
PRESETS = ("audio", "Presets")
LOGS = ("others", "stay", "documents", "code", "Logs")


def _dated(items, start_day):
    """Spreads the modification times of `items` a few hours apart."""
    for i, item in enumerate(items):
        item.mtime = BASE_TIME + start_day * DAY + i * 3600
    times = {item.name: item.mtime for item in items}
    for item in items:
        if item.copy_of:
            item.mtime = times[item.copy_of] - item.extra.get("older_by", 0)
    return items


def _copy(clean, name, *, expect, older_by=0, **rest):
    """A byte-identical copy of the file `clean` (an Item) named `name`, of
    the same time (a copy made by a file manager keeps it), or `older_by`
    seconds older (the clean-named file downloaded again after the first
    was deleted): set aside as a duplicate or placed with its kind."""
    item = file(name, clean.data, clean.kind, expect=expect, mtime=clean.mtime - older_by,
                extra={"older_by": older_by}, **rest)
    item.copy_of = clean.name
    return item


def _sized(folder, size, cases, makers):
    small = size == "small"
    if small:
        cases = [item for item in cases if item.small]
    target = 40 if small else 300
    return cases + fill(f"{folder}-{size}", makers, target - len(cases), cases)


# --- a PhD student's Downloads ------------------------------------------------

def _arxiv(i, rng):
    ident = f"{rng.choice([22, 23, 24])}{rng.randrange(1, 13):02d}.{rng.randrange(0, 20000):05d}"
    return into("Papers", file(f"{ident}v{rng.randrange(1, 4)}.pdf", c.pdf(f"arXiv {ident}"), "documents"))


def _publisher_paper(i, rng):
    name = rng.choice([
        f"1-s2.0-S{rng.randrange(10 ** 15, 10 ** 16)}-main.pdf",
        f"s41586-024-0{rng.randrange(1000, 9999)}-{rng.randrange(10)}.pdf",
        f"PhysRevLett.13{rng.randrange(10)}.{rng.randrange(10000, 99999)}.pdf",
        f"nihms-{rng.randrange(1000000, 2000000)}.pdf",
        f"pnas.23{rng.randrange(10 ** 5, 10 ** 6)}121.pdf",
        f"3597503.36{rng.randrange(10000, 99999)}.pdf",
    ])
    return into("Papers", file(name, c.pdf(f"Paper {i}"), "documents"))


def _dataset(i, rng):
    name, data = rng.choice([
        (f"features_run{i}.h5", c.hdf5(i)),
        (f"measurements_{i}.parquet", c.parquet(i)),
        (f"embeddings_{i}.npy", c.npy(i)),
        (f"results_seed{i}.csv", c.text(f"epoch,loss\n1,0.{i}\n")),
        (f"subject{i:02d}_eeg.mat", c.matlab(i)),
    ])
    return file(name, data, "data", expect=DATA)


def _analysis(i, rng):
    name, data = rng.choice([
        (f"analysis_{i}.ipynb", c.notebook(f"df.plot({i})")),
        (f"plots_{i}.R", c.text(f"plot({i})\n")),
        (f"train_{i}.py", c.text(f"import torch\nprint({i})\n")),
        (f"sbatch_job_{i}.sh", c.text(f"#!/bin/bash\n#SBATCH --job-name=run{i}\n")),
    ])
    return file(name, data, "code")


def _figure(i, rng):
    name = rng.choice([f"fig{i}_loss_curve.png", f"confusion_matrix_{i}.png", f"ablation_{i}.svg"])
    data = c.png(i) if name.endswith(".png") else c.text(f'<svg xmlns="http://www.w3.org/2000/svg" id="f{i}"/>')
    return file(name, data, "images")


def _talk(i, rng):
    name, data = rng.choice([
        (f"group-meeting-2024-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}.pptx", c.pptx(f"Group {i}")),
        (f"lecture{i:02d}_slides.pdf", c.pdf(f"Lecture {i}")),
        (f"reviewer_comments_{i}.docx", c.docx(f"Review {i}")),
    ])
    return file(name, data, "documents")


def _phd_cases():
    paper = into("Papers", file("2403.01234v2.pdf", c.pdf("arXiv 2403.01234"), "documents", small=True))
    proposal = file("thesis-proposal.pdf", c.pdf("Thesis proposal, approved"), "documents")
    cases = [
        stays("Papers", {"1706.03762v7.pdf": c.pdf("Attention Is All You Need"),
                         "s41586-021-03819-2.pdf": c.pdf("Highly accurate protein structure")}, small=True),
        stays("Taxes 2024", {"W-2 2024 - State University.pdf": c.pdf("Form W-2 Wage and Tax Statement 2024")},
              small=True),
        project("Thesis", {
            "main.tex": c.text("\\documentclass{uthesis}\n\\begin{document}\n\\include{chapters/intro}\n"
                               "\\end{document}\n"),
            "uthesis.cls": c.text("\\NeedsTeXFormat{LaTeX2e}\n\\ProvidesClass{uthesis}\n"),
            "references.bib": c.text("@article{vaswani2017, title={Attention}}\n"),
            "chapters": {"intro.tex": c.text("\\chapter{Introduction}\n")},
            "figures": {"overview.pdf": c.pdf("Overview figure")},
            "Makefile": c.text("all:\n\tlatexmk -pdf main.tex\n"),
        }, small=True),
        paper,
        _copy(paper, "2403.01234v2 (1).pdf", expect=("Papers", "dup"), small=True),
        proposal,
        _copy(proposal, "thesis-proposal (1).pdf", expect=("documents", "dup"), older_by=20 * DAY),
        into("Papers", file("2310.06825v1.pdf", c.pdf("arXiv 2310.06825"), "documents", small=True)),
        into("Papers", file("1-s2.0-S0893608024001234-main.pdf", c.pdf("Neural Networks 2024"), "documents",
                            small=True)),
        into("Papers", file("s41586-024-07219-0.pdf", c.pdf("Nature 2024"), "documents", small=True)),
        into("Papers", file("PhysRevLett.132.081801.pdf", c.pdf("Phys Rev Lett 132"), "documents")),
        into("Papers", file("NeurIPS-2023-direct-preference-optimization-Paper-Conference.pdf",
                            c.pdf("Direct Preference Optimization"), "documents", small=True)),
        into("Papers", file("Smith et al. - 2023 - Scaling laws for sparse models.pdf",
                            c.pdf("Scaling laws for sparse models"), "documents")),
        into("Papers", file("jmlr-23-0870.pdf", c.pdf("JMLR 23-0870"), "documents")),
        into("Taxes 2024", file("1098-T 2024.pdf", c.pdf("Form 1098-T Tuition Statement 2024"), "documents",
                                small=True)),
        into("Taxes 2024", file("1099-NEC 2024 - Consulting.pdf", c.pdf("Form 1099-NEC 2024"), "documents")),
        in_use("2405.11111v1.pdf.crdownload", c.pdf("partial")[:60], small=True),
        file("references.bib", c.text("@inproceedings{rafailov2023, title={Direct Preference Optimization}}\n"),
             "latex", expect=LATEX + ("Papers",), small=True),
        file("library.bib", c.text("@article{jumper2021, title={AlphaFold}}\n"), "latex",
             expect=LATEX + ("Papers",)),
        file("neurips_2024.sty", c.text("\\NeedsTeXFormat{LaTeX2e}\n\\ProvidesPackage{neurips_2024}\n"),
             "latex", expect=LATEX, small=True),
        file("IEEEtran.cls", c.text("\\NeedsTeXFormat{LaTeX2e}\n\\ProvidesClass{IEEEtran}\n"), "latex",
             expect=LATEX, small=True),
        file("acl_natbib.bst", c.text("ENTRY { address author title } {} { label }\n"), "latex",
             expect=LATEX, small=True),
        file("rebuttal.tex", c.text("\\documentclass{article}\n\\begin{document}\nWe thank\n\\end{document}\n"),
             "latex", expect=LATEX, small=True),
        file("train_features.h5", c.hdf5(1), "data", expect=DATA, small=True),
        file("measurements_2024.parquet", c.parquet(1), "data", expect=DATA, small=True),
        file("embeddings.npy", c.npy(1), "data", expect=DATA, small=True),
        file("eeg_subject01.mat", c.matlab(1), "data", expect=DATA, small=True),
        file("results_run3.csv", c.text("epoch,loss,acc\n1,0.93,0.41\n"), "data", expect=DATA, small=True),
        file("analysis.ipynb", c.notebook("import pandas as pd"), "code", small=True),
        file("mixed_models.R", c.text("library(lme4)\nm <- lmer(y ~ x + (1|s))\n"), "code", small=True),
        file("report.Rmd", c.text("---\ntitle: Report\noutput: html_document\n---\n```{r}\n1\n```\n"), "code",
             expect=("code", "documents"), small=True),
        file("Dockerfile", c.text("FROM python:3.12-slim\nRUN pip install torch\n"), "code", small=True),
        file("Makefile", c.text("all:\n\tpython train.py\n"), "code", small=True),
        file("environment.yml", c.text("name: thesis\ndependencies:\n  - python=3.12\n"), "code"),
        file("Anaconda3-2024.02-1-Linux-x86_64.sh",
             c.text("#!/bin/sh\n# NAME:  Anaconda3\n# VER:   2024.02-1\n# PLAT:  linux-64\n") + b"\x00PK\x03\x04",
             "installers", small=True),
        file("cuda_12.4.0_550.54.14_linux.run", c.text("#!/bin/sh\n# This script was generated using Makeself 2.4.5\n"),
             "installers"),
        file("architecture.drawio", c.text('<mxfile host="app.diagrams.net"><diagram name="Page-1"/></mxfile>\n'),
             "diagram", expect=("documents", "images"), small=True),
        file("poster_ICML2024_final.pdf", c.pdf("ICML 2024 poster"), "documents", expect=("documents", "Posters"),
             small=True),
        file("poster_ICML2024.pptx", c.pptx("ICML 2024 poster"), "documents", expect=("documents", "Posters")),
        file("lab-meeting-2024-04-02.pptx", c.pptx("Lab meeting"), "documents", small=True),
        file("qualifying_exam_slides.key", c.iwork("Keynote", 31), "documents"),
        file("conda-env-backup.tar.gz", c.gzip_bytes(77), "archives"),
        file("zotero-export.zip", c.zip_of({"export.rdf": "<rdf/>"}), "archives"),
        stays(".DS_Store", b"\x00\x00\x00\x01Bud1", small=True),
    ]
    cases += group("zoom", [
        file("GMT20240402-093000_Recording_1920x1080.mp4", c.mp4(20240402), "videos", small=True),
        file("GMT20240402-093000_Recording.m4a", c.m4a(20240402), "audio", small=True),
        file("GMT20240402-093000_Recording.transcript.vtt",
             c.text("WEBVTT\n\n1\n00:00:01.000 --> 00:00:03.000\nAdvisor: let's start\n"), None, small=True),
    ])
    return _dated(cases, 30)


def phd_downloads(size):
    """A PhD student's Downloads: `size` "large" (about 300) or "small" (about 40)."""
    makers = [_arxiv, _dataset, _analysis, _publisher_paper, _figure, _talk, _arxiv, _screenshot]
    return _sized("phd-downloads", size, _phd_cases(), makers)


# --- a designer's Desktop ------------------------------------------------------

def _design_file(i, rng):
    name, data, kind, expect = rng.choice([
        (f"Untitled-{i}.psd", c.psd(i), "design", DESIGN),
        (f"icon set v{i}.ai", c.illustrator(f"Icons {i}"), "design", DESIGN),
        (f"moodboard {i}.afdesign", c.affinity(i), "design", DESIGN),
        (f"retouch_{i}.afphoto", c.affinity(1000 + i), "design", DESIGN),
        (f"landing page {i}.fig", c.figma(i), "design", DESIGN),
        (f"app wireframes {i}.sketch", c.sketch(f"Wireframes {i}"), "design", DESIGN),
        (f"prototype_{i}.xd", c.adobe_xd(f"Prototype {i}"), "design", DESIGN),
        (f"flyer_{i}.indd", c.indesign(i), "design", LAYOUT),
        (f"intro animation {i}.aep", c.after_effects(i), "design", MOTION),
    ])
    return file(name, data, kind, expect=expect)


def _export(i, rng):
    name, data, kind = rng.choice([
        (f"export_{i}@2x.png", c.png(3000 + i), "images"),
        (f"mockup-{i}.jpg", c.jpeg(3000 + i), "images"),
        (f"proof_{i}_print.pdf", c.pdf(f"Proof {i}"), "documents"),
        (f"banner_{i}.gif", c.gif(i), "images"),
        (f"icon-{i}.svg", c.text(f'<svg xmlns="http://www.w3.org/2000/svg" id="i{i}"/>'), "images"),
    ])
    return file(name, data, kind)


def _font(i, rng):
    family = rng.choice(["Inter", "Roboto", "Montserrat", "PlayfairDisplay", "SourceSans3", "Lato"])
    weight = rng.choice(["Regular", "Bold", "Light", "Italic", "SemiBold", "Black"])
    flavour = rng.choice(["ttf", "otf", "woff2"])
    return file(f"{family}-{weight}-{i}.{flavour}", c.font(flavour, i), "font", expect=FONTS)


def _designer_cases():
    final = file("final_v3_FINAL.pdf", c.pdf("Brochure final"), "documents", small=True)
    logo = file("logo.png", c.png(4242), "images", small=True)
    cases = [
        stays("Clients", {"Acme": {"Acme_brand_guidelines.pdf": c.pdf("Acme brand guidelines"),
                                   "Acme_logo_v1.ai": c.illustrator("Acme logo v1")},
                          "Northwind": {"Northwind_brochure_v1.indd": c.indesign(1),
                                        "Northwind_photos": {"shoot_01.jpg": c.jpeg(8801)}}}, small=True),
        stays("Work", {"Timesheet 2024-01.xlsx": c.xlsx("Timesheet January"),
                       "Timesheet 2024-02.xlsx": c.xlsx("Timesheet February")}, small=True),
        launcher("Acme current", c.Link("Clients/Acme"), small=True),
        launcher("Figma.desktop", c.text("[Desktop Entry]\nType=Application\nName=Figma\nExec=figma-linux %U\n"),
                 small=True),
        launcher("Adobe Photoshop 2024.lnk", c.windows_shortcut(1), small=True),
        launcher("Behance.url", c.text("[InternetShortcut]\nURL=https://www.behance.net/\n"), small=True),
        launcher("Dribbble.webloc", c.text('<?xml version="1.0"?>\n<plist version="1.0"><dict><key>URL</key>'
                                           '<string>https://dribbble.com/</string></dict></plist>\n'), small=True),
        launcher("Northwind photos (shortcut)", c.Link("Clients/Northwind/Northwind_photos")),
        into("Clients/Acme", file("Acme_logo_v3.ai", c.illustrator("Acme logo v3"), "design", small=True)),
        into("Clients/Acme", file("Acme_business_card.indd", c.indesign(2), "design", small=True)),
        into("Clients/Acme", file("Acme social banner.psd", c.psd(2), "design")),
        into("Clients/Northwind", file("Northwind_brochure_v2.indd", c.indesign(3), "design", small=True)),
        into("Clients/Northwind", file("Northwind packaging.afdesign", c.affinity(3), "design")),
        into("Work", file("Timesheet 2024-03.xlsx", c.xlsx("Timesheet March"), "documents", small=True)),
        file("poster_A2.indd", c.indesign(4), "design", expect=LAYOUT, small=True),
        file("poster_A2.afdesign", c.affinity(4), "design", expect=DESIGN, small=True),
        file("portrait retouch.afphoto", c.affinity(5), "design", expect=DESIGN, small=True),
        file("logo animation.aep", c.after_effects(5), "design", expect=MOTION, small=True),
        file("app prototype.xd", c.adobe_xd("App prototype"), "design", expect=DESIGN, small=True),
        file("hero banner.psd", c.psd(6), "design", expect=DESIGN, small=True),
        file("icons.ai", c.illustrator("Icons"), "design", expect=DESIGN, small=True),
        file("mobile app.sketch", c.sketch("Mobile app"), "design", expect=DESIGN, small=True),
        file("website redesign.fig", c.figma(6), "design", expect=DESIGN, small=True),
        file("floor plan - studio.dwg", c.dwg(6), "cad", expect=CAD, small=True),
        file("stand layout.dwg", c.dwg(7), "cad", expect=CAD),
        file("Montserrat-Bold.ttf", c.font("ttf", 6), "font", expect=FONTS, small=True),
        file("PlayfairDisplay-Italic.otf", c.font("otf", 6), "font", expect=FONTS),
        file("Screenshot 2024-03-12 at 10.15.30.png", c.png(31215), "images", small=True),
        file("Screenshot 2024-03-12 at 10.16.02.png", c.png(31216), "images", small=True),
        file("Screen Recording 2024-03-12 at 11.00.00.mov", c.mov(31211), "videos", small=True),
        final,
        _copy(final, "final_v3_FINAL copy.pdf", expect=("documents", "dup"), small=True),
        logo,
        _copy(logo, "logo (1).png", expect=("images", "dup"), small=True),
        file("brief.docx", c.docx("Creative brief"), "documents", small=True),
        file("colour palette.ase", b"ASEF\x00\x01\x00\x00\x00\x00\x00\x05", "design", expect=DESIGN),
        file("stock photos.zip", c.zip_of({"photo1.jpg": "x"}), "archives", small=True),
        stays(".DS_Store", b"\x00\x00\x00\x01Bud1", small=True),
    ]
    return _dated(cases, 40)


def designer_desktop(size):
    """A designer's Desktop: `size` "large" (about 300) or "small" (about 40)."""
    makers = [_design_file, _export, _screenshot, _design_file, _font, _export]
    return _sized("designer-desktop", size, _designer_cases(), makers)


# --- a developer's Downloads ---------------------------------------------------

def _dev_archive(i, rng):
    name, data = rng.choice([
        (f"terraform_1.{i}.0_linux_amd64.zip", c.zip_of({"terraform": f"ELF {i}"})),
        (f"go1.22.{i}.linux-amd64.tar.gz", c.gzip_bytes(i)),
        (f"node-v20.{i}.0-linux-x64.tar.xz", c.xz(i)),
        (f"backup-db-{i}.sql.gz", c.gzip_bytes(10_000 + i)),
        (f"source-{i}.tar.zst", c.zstd(i)),
    ])
    return file(name, data, "archives")


def _dev_log(i, rng):
    name = rng.choice([f"npm-debug-{i}.log", f"app-2024-03-{i % 28 + 1:02d}.log", f"build_{i}.log",
                       f"crash-report-{i}.txt"])
    return file(name, c.text(f"[2024-03-{i % 28 + 1:02d}T10:00:00Z] ERROR something {i}\n"), None, expect=LOGS)


def _dev_invoice(i, rng):
    vendor = rng.choice(["Hetzner", "DigitalOcean", "GitHub", "JetBrains", "AWS"])
    return into("Invoices", file(f"Invoice_2024-{i % 12 + 1:02d}_{vendor}_{i}.pdf",
                                 c.pdf(f"Invoice {vendor} {i}"), "documents"))


def _dev_secrets():
    return [
        *group("ssh key", [secret("id_ed25519", c.pem("OPENSSH PRIVATE KEY", 1), small=True),
                           secret("id_ed25519.pub", c.text("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExample dev@laptop\n"),
                                  small=True)]),
        secret("aws-prod-keypair.pem", c.pem("RSA PRIVATE KEY", 2), small=True),
        *group("tls", [secret("server.key", c.pem("PRIVATE KEY", 3), small=True),
                       secret("server.crt", c.pem("CERTIFICATE", 3), small=True)]),
        secret("Certificates.p12", c.der(4), small=True),
        secret("staging.env", c.text("DATABASE_URL=postgres://app:example@db/staging\nSTRIPE_KEY=sk_test_example\n"),
               small=True),
        secret(".env.production", c.text("DATABASE_URL=postgres://app:example@db/prod\n"), small=True),
        secret("client.ovpn", c.text("client\ndev tun\nremote vpn.example.com 1194\n<key>\n"
                                     "-----BEGIN PRIVATE KEY-----\nexample\n-----END PRIVATE KEY-----\n</key>\n"),
               small=True),
        secret("wg0.conf", c.text("[Interface]\nPrivateKey = yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=\n"
                                  "Address = 10.0.0.2/32\n\n[Peer]\nEndpoint = vpn.example.com:51820\n"), small=True),
        secret("Passwords.kdbx", c.kdbx(5), small=True),
        secret("new_user_credentials.csv", c.text("User name,Password,Access key ID,Secret access key,Console login link\n"
                                                  "deploy,example,AKIAIOSFODNN7EXAMPLE,wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY,"
                                                  "https://example.signin.aws.amazon.com/console\n"), small=True),
        secret("rootkey.csv", c.text("AWSAccessKeyId=AKIAIOSFODNN7EXAMPLE\n"
                                     "AWSSecretKey=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n"), small=True),
        secret("xyz_accessKeys.csv", c.text("Access key ID,Secret access key\n"
                                            "AKIAI44QH8DHBEXAMPLE,je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY\n"),
               small=True),
        secret("kubeconfig", c.text("apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n"
                                    "    server: https://k8s.example.com\n  name: prod\nusers:\n- name: admin\n"
                                    "  user:\n    client-key-data: LS0tLS1CRUdJTiBFeGFtcGxl\n"), small=True),
        secret("service-account.json", c.text('{"type": "service_account", "project_id": "example-prod", '
                                              '"private_key_id": "0123abcd", "private_key": '
                                              '"-----BEGIN PRIVATE KEY-----\\nexample\\n-----END PRIVATE KEY-----\\n", '
                                              '"client_email": "ci@example-prod.iam.gserviceaccount.com"}\n'),
               small=True),
    ]


def _dev_cases():
    guide = file("onboarding-guide.pdf", c.pdf("Developer onboarding guide"), "documents", small=True)
    cases = _dev_secrets() + [
        stays("Invoices", {"Invoice_2024-01_Hetzner.pdf": c.pdf("Invoice Hetzner January"),
                           "Invoice_2024-02_Hetzner.pdf": c.pdf("Invoice Hetzner February")}, small=True),
        into("Invoices", file("Invoice_2024-03_Hetzner.pdf", c.pdf("Invoice Hetzner March"), "documents",
                              small=True)),
        into("Invoices", file("Invoice-INV-2024-0042.pdf", c.pdf("Invoice INV-2024-0042"), "documents")),
        file("WeChatSetup.exe", c.exe(11), "installers", small=True),
        file("Docker.dmg", c.dmg(11), "installers", small=True),
        file("google-chrome-stable_current_amd64.deb", c.deb(11), "installers", small=True),
        file("Obsidian-1.5.12.AppImage", c.elf(True, 11), "installers", small=True),
        file("ubuntu-24.04-live-server-amd64.iso", c.iso(11), "installers",
             expect=("installers", "archives", "ISOs", "Disk Images"), small=True),
        file("kubectl", c.elf(False, 11), "installers", expect=("installers", "code", "others", "stay")),
        file("linux-6.8.tar.xz", c.xz(68), "archives", small=True),
        file("repo-snapshot.tar.gz", c.gzip_bytes(68), "archives"),
        file("npm-debug.log", c.text("0 verbose cli /usr/bin/node\n1 error code ELIFECYCLE\n"), None, expect=LOGS,
             small=True),
        file("docker-compose.yml", c.text("services:\n  db:\n    image: postgres:16\n"), "code", small=True),
        file("nginx.conf", c.text("server {\n  listen 80;\n}\n"), "code", small=True),
        file("main.go", c.text("package main\n\nfunc main() {}\n"), "code", small=True),
        file("schema.sql", c.text("create table users (id serial primary key);\n"), "code"),
        file("openapi.yaml", c.text("openapi: 3.0.0\ninfo:\n  title: API\n"), "code"),
        file("architecture.pdf", c.pdf("System architecture"), "documents", small=True),
        guide,
        _copy(guide, "onboarding-guide (1).pdf", expect=("documents", "dup"), older_by=3 * DAY, small=True),
        file("Screenshot from 2024-03-12 10-15-30.png", c.png(91), "images", small=True),
        stays(".DS_Store", b"\x00\x00\x00\x01Bud1"),
    ]
    return _dated(cases, 50)


def dev_downloads(size):
    """A developer's Downloads: `size` "large" (about 300) or "small" (about 40)."""
    makers = [_installer, _dev_archive, _code, _dev_log, _screenshot, _code, _dev_invoice, _installer]
    return _sized("dev-downloads", size, _dev_cases(), makers)


# --- a folder someone half organized --------------------------------------------

def _photo_taken(i, rng, year):
    month, day = rng.randrange(1, 13), rng.randrange(1, 29)
    hour, minute = rng.randrange(7, 22), rng.randrange(0, 60)
    name = f"IMG_{year}{month:02d}{day:02d}_{hour:02d}{minute:02d}{rng.randrange(0, 60):02d}.jpg"
    return name, c.jpeg_exif(year * 1000 + i, f"{year}:{month:02d}:{day:02d} {hour:02d}:{minute:02d}:00")


def _photo_2023(i, rng):
    name, data = _photo_taken(i, rng, 2023)
    return into("Photos 2023", file(name, data, "images"))


def _photo_recent(i, rng):
    name, data = _photo_taken(i, rng, rng.choice([2024, 2025]))
    return file(name, data, "images", expect=("images", "Photos " + name[4:8]))


def _partly_invoice(i, rng):
    vendor = rng.choice(["Acme", "Globex", "Initech", "Umbrella"])
    return into("Invoices", file(f"Invoice_2024-{i % 12 + 1:02d}_{vendor}_{i}.pdf",
                                 c.pdf(f"Invoice {vendor} {i}"), "documents"))


def _song(i, rng):
    artist = rng.choice(["Daft Punk", "Radiohead", "Bonobo", "Nils Frahm", "Khruangbin"])
    ext, data = rng.choice([("mp3", c.mp3(500 + i)), ("flac", c.flac(500 + i)), ("m4a", c.m4a(500 + i))])
    return into("Music", file(f"{artist} - Track {i:02d}.{ext}", data, "audio"))


def _book(i, rng):
    title = rng.choice(["Dune Messiah", "The Hobbit", "Sapiens", "Clean Code", "The Pragmatic Programmer",
                        "Thinking Fast and Slow"])
    ext, data = rng.choice([("epub", c.epub(f"{title} {i}")),
                            ("mobi", b"\x00" * 60 + b"BOOKMOBI" + i.to_bytes(8, "big"))])
    return into("Books", file(f"{title} ({i}).{ext}", data, "documents"))


def _partly_document(i, rng):
    name, data = rng.choice([
        (f"letter to landlord {i}.docx", c.docx(f"Letter {i}")),
        (f"recipe {i}.pdf", c.pdf(f"Recipe {i}")),
        (f"packing list {i}.txt", c.text(f"socks {i}\n")),
        (f"insurance policy {i}.pdf", c.pdf(f"Policy {i}")),
    ])
    return file(name, data, "documents")


def _partly_cases():
    report = file("report.pdf", c.pdf("Annual report 2024"), "documents", expect=("documents", "stay"),
                  small=True)
    budget = file("budget.xlsx", c.xlsx("Household budget 2025"), "documents", expect=("documents", "stay"),
                  small=True)
    boarding = file("Boarding pass.pdf", c.pdf("Boarding pass LH 401"), "documents", expect=("documents", "stay"),
                    small=True)
    cases = [
        stays("Invoices", {"Invoice_2024-01_Acme.pdf": c.pdf("Invoice Acme January"),
                           "Invoice_2024-02_Acme.pdf": c.pdf("Invoice Acme February")}, small=True),
        stays("Photos 2023", {"IMG_20230601_120000.jpg": c.jpeg_exif(1, "2023:06:01 12:00:00"),
                              "IMG_20231224_190000.jpg": c.jpeg_exif(2, "2023:12:24 19:00:00")}, small=True),
        stays("Taxes 2024", {"1098 Mortgage Interest 2024.pdf": c.pdf("Form 1098 Mortgage Interest 2024")},
              small=True),
        stays("Work", {"Q1 report.docx": c.docx("Q1 report Acme Corp"),
                       "Team roster.xlsx": c.xlsx("Team roster")}, small=True),
        stays("Music", {"Bonobo - Kerala.mp3": c.mp3(1), "Nils Frahm - Says.flac": c.flac(1)}, small=True),
        stays("Books", {"Dune.epub": c.epub("Dune"), "Project Hail Mary.mobi": b"\x00" * 60 + b"BOOKMOBI1"},
              small=True),
        into("Invoices", file("Invoice_2024-05_Acme.pdf", c.pdf("Invoice Acme May"), "documents", small=True)),
        into("Invoices", file("Invoice_2024-06_Acme.pdf", c.pdf("Invoice Acme June"), "documents")),
        into("Photos 2023", file("IMG_20230715_101500.jpg", c.jpeg_exif(3, "2023:07:15 10:15:00"), "images",
                                 small=True)),
        into("Photos 2023", file("DSC01234.JPG", c.jpeg_exif(4, "2023:08:02 17:40:00"), "images", small=True)),
        into("Taxes 2024", file("W-2 2024.pdf", c.pdf("Form W-2 Wage and Tax Statement 2024"), "documents",
                                small=True)),
        into("Taxes 2024", file("1099-INT 2024.pdf", c.pdf("Form 1099-INT Interest Income 2024"), "documents",
                                small=True)),
        into("Work", file("Q2 report.docx", c.docx("Q2 report Acme Corp"), "documents", small=True)),
        into("Work", file("Q3 planning.pptx", c.pptx("Q3 planning Acme Corp"), "documents")),
        into("Music", file("Khruangbin - Maria Tambien.mp3", c.mp3(2), "audio", small=True)),
        into("Books", file("The Hobbit.epub", c.epub("The Hobbit"), "documents", small=True)),
        file("IMG_20250310_093000.jpg", c.jpeg_exif(5, "2025:03:10 09:30:00"), "images",
             expect=("images", "Photos 2025"), small=True),
        file("holiday video.mp4", c.mp4(77), "videos", small=True),
        file("zoom_x86_64.rpm", c.rpm(7), "installers", small=True),
        file("old-laptop-backup.zip", c.zip_of({"notes.txt": "old"}), "archives", small=True),
        file("resize.py", c.text("from PIL import Image\n"), "code", small=True),
        report,
        _copy(report, "report (1).pdf", expect=("documents", "dup"), small=True),
        budget,
        _copy(budget, "Copy of budget.xlsx", expect=("documents", "dup"), small=True),
        boarding,
        _copy(boarding, "Boarding pass (1).pdf", expect=("documents", "dup"), older_by=10 * DAY, small=True),
        stays(".DS_Store", b"\x00\x00\x00\x01Bud1", small=True),
    ]
    return _dated(cases, 60)


def partly_organized(size):
    """A folder half organized: `size` "large" (about 300) or "small" (about 40)."""
    makers = [_partly_invoice, _photo_2023, _photo_recent, _song, _book, _partly_document, _installer,
              _screenshot, _photo_2023, _code]
    return _sized("partly-organized", size, _partly_cases(), makers)


# --- a music producer's folder ----------------------------------------------------

def _sample(i, rng):
    what = rng.choice(["Kick", "Snare", "Clap", "Hat Open", "Hat Closed", "Perc", "Rim", "Tom", "Crash"])
    flavour = rng.choice(["Deep", "Tight", "Dusty", "Punchy", "Lofi", "808", "Vinyl"])
    ext, data = rng.choice([("wav", c.wav(700 + i)), ("aif", c.aiff(700 + i))])
    return into("Samples", file(f"{what} {flavour} {i:02d}.{ext}", data, "audio"))


def _loop(i, rng):
    what = rng.choice(["Drum Loop", "Perc Loop", "Bass Loop", "Guitar Loop", "Top Loop"])
    return into("Samples", file(f"{what} {rng.choice([90, 120, 124, 128, 140])}bpm {i:02d}.wav",
                                c.wav(900 + i), "audio"))


def _producer_file(i, rng):
    song = rng.choice(["Late Night", "Summer Nights", "Ocean Drive", "Neon", "Afterglow", "Ghosts"])
    name, data, kind, expect = rng.choice([
        (f"{song} idea {i}.flp", c.fl_studio(i), "daw", DAW),
        (f"{song} v{i}.als", c.ableton_set(5000 + i), "daw", DAW),
        (f"{song} - Mixdown v{i}.wav", c.wav(5000 + i), "audio", ("audio", "Mixdowns", "Bounces")),
        (f"{song} - Master {i}.mp3", c.mp3(5000 + i), "audio", ("audio", "Mixdowns", "Bounces")),
        (f"{song} chords {i}.mid", c.midi(i), "midi", MIDI),
        (f"{song} lead {i}.fxp", c.vst_preset(i), "preset", PRESETS),
    ])
    return file(name, data, kind, expect=expect)


def _producer_cases():
    master = file("Late Night - Master.mp3", c.mp3(42), "audio", expect=("audio", "Mixdowns", "Bounces"),
                  small=True)
    cases = [
        stays("Samples", {"Kick 01.wav": c.wav(1), "Snare 01.wav": c.wav(2), "Hat Closed 01.aif": c.aiff(3)},
              small=True),
        project("Summer Nights Project", {
            "Summer Nights.als": c.ableton_set(1),
            "Ableton Project Info": {"Project8_1.cfg": b"\x00\x00\x00\x01cfg"},
            "Samples": {"Recorded": {"Vox 0001.wav": c.wav(4), "Vox 0001.wav.asd": c.ableton_analysis(4)}},
        }, small=True),
        file("Beat 142bpm.flp", c.fl_studio(1), "daw", expect=DAW, small=True),
        file("Film cue 3.ptx", c.pro_tools(1), "daw", expect=DAW, small=True),
        file("Late Night.als", c.ableton_set(2), "daw", expect=DAW, small=True),
        file("Mix session.rpp", c.reaper("Mix session"), "daw", expect=DAW, small=True),
        into("Samples", file("Kick 808 Deep.wav", c.wav(10), "audio", small=True)),
        into("Samples", file("Snare Tight 02.aif", c.aiff(11), "audio", small=True)),
        into("Samples", file("Perc Loop 120bpm.wav", c.wav(12), "audio", small=True)),
        file("Piano Felt.nki", c.kontakt(1), "instrument", expect=("Samples", "audio", "Instruments"),
             small=True),
        file("Serum Lead Bright.fxp", c.vst_preset(1), "preset", expect=PRESETS, small=True),
        file("chords_Cmaj.mid", c.midi(1), "midi", expect=MIDI, small=True),
        file("Late Night - Mixdown v3.wav", c.wav(13), "audio", expect=("audio", "Mixdowns", "Bounces"),
             small=True),
        master,
        _copy(master, "Late Night - Master (1).mp3", expect=("audio", "Mixdowns", "Bounces", "dup"), small=True),
        file("Cover art.psd", c.psd(9), "design", expect=DESIGN + ("Artwork",), small=True),
        file("split sheet.pdf", c.pdf("Split sheet Late Night"), "documents", small=True),
        stays(".DS_Store", b"\x00\x00\x00\x01Bud1", small=True),
    ]
    cases += group("bassline", [file("Bassline.wav", c.wav(20), "audio", small=True),
                                file("Bassline.wav.asd", c.ableton_analysis(20), None, small=True)])
    cases += group("vocal take", [file("Vocal take 3.wav", c.wav(21), "audio", small=True),
                                  file("Vocal take 3.wav.reapeaks", c.reapeaks(21), None, small=True)])
    cases += group("stems", [file(f"Late Night - {part}.wav", c.wav(30 + n), "audio", small=n < 2)
                             for n, part in enumerate(["Drums", "Bass", "Vocals", "Keys"])],
                   expect=("audio", "Stems"))
    cases += group("live photo", [file("IMG_1234.HEIC", c.heic(1234), "images", small=True),
                                  file("IMG_1234.MOV", c.mov(1234), "videos", small=True)])
    cases += group("live photo 2", [file("IMG_1240.HEIC", c.heic(1240), "images"),
                                    file("IMG_1240.MOV", c.mov(1240), "videos")])
    cases += group("studio shot", [file("DSC_0456.ARW", c.tiff_raw("SONY", 456), "images", small=True),
                                   file("DSC_0456.JPG", c.jpeg(456), "images", small=True),
                                   file("DSC_0456.xmp", c.text('<x:xmpmeta xmlns:x="adobe:ns:meta/" about="DSC_0456"/>\n'),
                                        None, small=True)])
    return _dated(cases, 70)


def music_producer(size):
    """A music producer's folder: `size` "large" (about 300) or "small" (about 40)."""
    makers = [_sample, _producer_file, _loop, _sample, _producer_file]
    return _sized("music-producer", size, _producer_cases(), makers)
