//! What tidyup knows of names beyond the registry: endings the registry
//! lacks or files where a person would not look for them, and a few names
//! known whole. Each family cites where its format is described.

use crate::file_type::Category;

/// Endings (lowercase, no dot) the registry lacks or files otherwise, with
/// their categories. A known ending wins over the file's magic bytes: an
/// Adobe XD file is a ZIP inside, an Ableton set a gzip, yet neither is an
/// archive to the person who made it.
pub(super) const OVERRIDES: [(&str, Category); 74] = [
    // China's fixed-layout documents (e-invoices, GB/T 33190) and WPS
    // Office's own spreadsheet and presentation endings (WPS help centre).
    ("ofd", Category::Documents),
    ("et", Category::Documents),
    ("dps", Category::Documents),
    ("wpt", Category::Documents),
    // A cue sheet lists the tracks of an audio disc (its image or files).
    ("cue", Category::Audio),
    ("azw", Category::Documents),
    ("srw", Category::Images),
    ("x3f", Category::Images),
    ("webarchive", Category::Documents),
    ("msix", Category::Installers),
    ("msixbundle", Category::Installers),
    ("appx", Category::Installers),
    ("appxbundle", Category::Installers),
    ("xapk", Category::Installers),
    ("apks", Category::Installers),
    ("apkm", Category::Installers),
    ("ipa", Category::Installers),
    ("mpkg", Category::Installers),
    ("crx", Category::Installers),
    ("ttc", Category::Installers),
    // Self-extracting installers made with makeself (makeself.io), as
    // NVIDIA ships CUDA and its drivers.
    ("run", Category::Installers),
    ("bat", Category::Code),
    ("cmd", Category::Code),
    ("ps1", Category::Code),
    ("swift", Category::Code),
    ("tsx", Category::Code),
    ("jsx", Category::Code),
    ("vue", Category::Code),
    ("kts", Category::Code),
    // Configuration read by programs, beside the TOML and YAML the registry
    // files as code: `NAME.conf` (nginx's and most daemons' "Configuration
    // File" documentation), `.ini` and `.cfg` (Python's configparser),
    // Java `.properties` (java.util.Properties).
    ("conf", Category::Code),
    ("ini", Category::Code),
    ("cfg", Category::Code),
    ("properties", Category::Code),
    // R scripts and R Markdown (R Language Definition; rmarkdown.rstudio.com),
    // Quarto documents (quarto.org): code a person runs.
    ("r", Category::Code),
    ("rmd", Category::Code),
    ("qmd", Category::Code),
    // Design files. Sketch (developer.sketch.com, "File format"), Figma's
    // `.fig` export (help.figma.com), Adobe XD (helpx.adobe.com/xd, a ZIP
    // inside), Adobe Swatch Exchange (helpx.adobe.com, "Swatches"),
    // Affinity Designer and Photo (affinity.help): pictures.
    ("sketch", Category::Images),
    ("fig", Category::Images),
    ("xd", Category::Images),
    ("ase", Category::Images),
    ("afdesign", Category::Images),
    ("afphoto", Category::Images),
    // Page layout: InDesign documents and their interchange form
    // (helpx.adobe.com/indesign), Affinity Publisher (affinity.help).
    ("indd", Category::Documents),
    ("idml", Category::Documents),
    ("afpub", Category::Documents),
    // Motion and video projects: After Effects (helpx.adobe.com/after-effects),
    // Premiere Pro (helpx.adobe.com/premiere-pro), DaVinci Resolve's
    // exported project (Blackmagic's manual).
    ("aep", Category::Videos),
    ("aepx", Category::Videos),
    ("prproj", Category::Videos),
    ("drp", Category::Videos),
    // Drawings: AutoCAD's DWG and DXF (Autodesk's DXF reference; the
    // shared MIME database files `image/vnd.dwg` as an image, but a plan is
    // a document to its reader), diagrams.net (drawio.com, "File formats").
    ("dwg", Category::Documents),
    ("dxf", Category::Documents),
    ("drawio", Category::Documents),
    // Data sets, beside CSV: HDF5 (The HDF Group, "HDF5 File Format
    // Specification"), Apache Parquet (parquet.apache.org; IANA
    // application/vnd.apache.parquet), NumPy's `.npy`/`.npz` (NumPy NEP 1),
    // MATLAB MAT-files (MathWorks, "MAT-File Format"), Feather (Apache
    // Arrow, "Feather File Format").
    ("h5", Category::Documents),
    ("hdf5", Category::Documents),
    ("he5", Category::Documents),
    ("parquet", Category::Documents),
    ("npy", Category::Documents),
    ("npz", Category::Documents),
    ("mat", Category::Documents),
    ("feather", Category::Documents),
    // BibTeX styles (Patashnik, "Designing BibTeX Styles"), beside the
    // `.bib`, `.cls` and `.sty` the registry files as documents.
    ("bst", Category::Documents),
    // Music production, with the audio they make. FL Studio projects
    // (Image-Line's manual, "FLP"), Ableton Live sets and their analysis
    // files (Ableton reference manual, "Live Sets", ".asd"), REAPER
    // projects and peak files (REAPER user guide), Pro Tools sessions
    // (Avid's reference guide), Cubase projects (Steinberg's manual), VST
    // presets and banks (Steinberg VST 2 SDK, `.fxp`/`.fxb`), Kontakt
    // instruments and multis (Native Instruments' Kontakt manual).
    ("flp", Category::Audio),
    ("als", Category::Audio),
    ("alc", Category::Audio),
    ("asd", Category::Audio),
    ("rpp", Category::Audio),
    ("reapeaks", Category::Audio),
    ("ptx", Category::Audio),
    ("ptf", Category::Audio),
    ("cpr", Category::Audio),
    ("fxp", Category::Audio),
    ("fxb", Category::Audio),
    ("nki", Category::Audio),
    ("nkm", Category::Audio),
];

/// Names (lowercase) a build tool reads by name: GNU make's manual
/// ("What Name to Give Your Makefile"), Docker's Dockerfile reference,
/// Podman's Containerfile, Vagrant's and Jenkins' documentation.
const CODE_NAMES: [&str; 7] = [
    "makefile",
    "gnumakefile",
    "dockerfile",
    "containerfile",
    "vagrantfile",
    "jenkinsfile",
    "procfile",
];

/// Prefixes (lowercase) of the shell installers Anaconda, Miniconda,
/// Miniforge and Mambaforge ship as `NAME-VERSION-OS-ARCH.sh`
/// (docs.anaconda.com, "Installing on Linux"; conda-forge/miniforge).
const CONDA_INSTALLERS: [&str; 4] = ["anaconda3-", "miniconda3-", "miniforge3-", "mambaforge-"];

/// The kind of a name (lowercase) known whole, whatever its ending says:
/// a build file, or a conda installer script.
pub(super) fn by_whole_name(lower: &str) -> Option<Category> {
    let dockerfile = lower.starts_with("dockerfile.") || lower.ends_with(".dockerfile");
    if CODE_NAMES.contains(&lower) || dockerfile {
        return Some(Category::Code);
    }
    let conda = CONDA_INSTALLERS
        .iter()
        .any(|prefix| lower.starts_with(prefix) && lower.ends_with(".sh"));
    conda.then_some(Category::Installers)
}
