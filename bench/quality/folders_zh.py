"""A Chinese user's Downloads: names in Chinese, some of them in GBK bytes
(what an old ZIP, a Samba share or a Windows copy leaves on Linux), the
downloaders of that world (Chrome's 未确认, Thunder, Baidu Netdisk), WeChat
and QQ files, OFD e-invoices and WPS documents."""
import contents as c
from folders_en import DAY, _web_project, fill
from items import BASE_TIME, file, gbk, group, in_use, stays


def _cases():
    cases = [
        in_use("未确认 384920.crdownload", b"\x00" * 64, small=True),
        in_use("电影.mp4.xltd", c.mp4(1)[:20], small=True),
        in_use("资料.zip.baiduyun.p.downloading", b"PK\x03\x04" + b"\x00" * 20, small=True),
        in_use("~$年度报告.docx", b"\x06zhang" + b"\x00" * 40, small=True),
        in_use("系统镜像.iso.part", c.iso(2)[:1024]),
        in_use(".~lock.会议记录.odt#", c.text(",张伟,pc,03.03.2025 09:00,file:///home/zw;\n")),
        file("年度报告.docx", c.docx("年度报告"), "documents", expect=("documents", "stay"), small=True),
        file("IMG_3312.HEIC", c.heic(3312), "images", small=True),
        file("微信图片_20250301101010.jpg", c.jpeg(1), "images", small=True),
        file("WeChatSetup.exe", c.exe(1), "installers", small=True),
        file("钉钉_7.6.apk", c.jar_like(["AndroidManifest.xml", "classes.dex"], 7), "installers", small=True),
        file("网易云音乐.dmg", c.dmg(2), "installers"),
        file("发票_京东_20250302.ofd", c.zip_of({"OFD.xml": "<ofd:OFD/>"}), "documents", small=True),
        file("合同草稿.wps", c.ole(9), "documents", small=True),
        file("周报.md", c.text("# 本周\n- 完成\n"), "documents", small=True),
        file("三体.epub", c.epub("三体"), "documents", small=True),
        file("思源黑体.otf", c.font("otf"), "installers", expect=("installers", "documents"), small=True),
        file("屏幕录制 2025-03-04.webm", c.webm(4), "videos", small=True),
        file("课件.key", c.iwork("Keynote", 4), "documents"),
        file("扫描件", c.png(404), "images", small=True),
        file("字幕组.tar.xz", c.xz(3), "archives"),
        file("演讲.opus", c.ogg(5), "audio"),
        file(gbk("会议纪要.docx"), c.docx("会议纪要"), "documents", small=True),
        file(gbk("报价单.xlsx"), c.xlsx("报价"), "documents", small=True),
        file(gbk("毕业照.jpg"), c.jpeg(66), "images", small=True),
        file(gbk("安装程序.exe"), c.exe(66), "installers", small=True),
        file(gbk("歌曲.mp3"), c.mp3(66), "audio"),
        file(gbk("资料包.zip"), c.zip_of({"a.txt": "资料"}), "archives"),
        stays(".DS_Store", b"\x00\x00\x00\x01Bud1"),
        _web_project("小程序", small=True),
        file("合同.pdf", c.pdf("Contract 2025"), "documents", small=True, mtime=BASE_TIME),
        file("合同(1).pdf", c.pdf("Contract 2025"), "documents", expect=("documents", "dup"),
             small=True, mtime=BASE_TIME + 30 * DAY),
    ]
    cases += group("电影", [file("流浪地球 2024.mp4", c.mp4(2024), "videos", small=True),
                            file("流浪地球 2024.srt", c.text("1\n00:00:01,000 --> 00:00:02,000\n你好\n"), None),
                            file("流浪地球 2024.chs.srt", c.text("1\n00:00:01,000 --> 00:00:02,000\n你好。\n"), None)])
    cases += group("资料", [file(f"资料.part{n}.rar", c.rar(40 + n), "archives") for n in (1, 2, 3)])
    cases += group("备份", [file(f"备份.7z.{n:03d}", c.seven_zip(50) if n == 1 else bytes([n]) * 33, "archives")
                            for n in (1, 2)])
    cases += group("网页", [file("网页.html", c.text("<html>网页</html>"), "documents", expect=("documents", "code")),
                            stays("网页_files", {"a.png": c.png(3)})])
    cases += group("gbk 电影", [file(gbk("纪录片.mkv"), c.mkv(8), "videos"),
                                file(gbk("纪录片.ass"), c.text("[Script Info]\nTitle: 纪录片\n"), None)])
    for item in cases:
        if item.group in ("电影", "资料", "网页"):
            item.small = True
    return cases


def _zh_document(i, rng):
    name, data = rng.choice([
        (f"报告_{i}.docx", c.docx(f"报告 {i}")),
        (f"报表{i}.xlsx", c.xlsx(f"报表 {i}")),
        (f"发票_{rng.randrange(10000, 99999)}.pdf", c.pdf(f"Fapiao {i}")),
        (f"新建文本文档 ({i}).txt", c.text(f"备忘 {i}\n")),
        (f"课件第{i}讲.pptx", c.pptx(f"第{i}讲")),
        (f"论文{i}.pdf", c.pdf(f"Lunwen {i}")),
    ])
    return file(name, data, "documents")


def _zh_image(i, rng):
    name, data = rng.choice([
        (f"微信图片_2025{rng.randrange(1, 13):02d}{rng.randrange(1, 29):02d}{rng.randrange(0, 999999):06d}.jpg",
         c.jpeg(i)),
        (f"QQ截图2025{rng.randrange(1, 13):02d}{rng.randrange(1, 29):02d}{rng.randrange(0, 999999):06d}.png",
         c.png(i)),
        (f"mmexport{1740000000000 + rng.randrange(0, 10 ** 9)}.jpg", c.jpeg(i)),
        (f"IMG_{rng.randrange(1000, 9999)}.HEIC", c.heic(i)),
    ])
    return file(name, data, "images")


def _zh_other(i, rng):
    name, data, kind = rng.choice([
        (f"QQ9.9.{i}.exe", c.exe(i), "installers"),
        (f"WPS_Setup_{i}.exe", c.exe(i), "installers"),
        (f"百度网盘_{i}.apk", c.jar_like(["AndroidManifest.xml"], i), "installers"),
        (f"资料{i}.zip", c.zip_of({f"{i}.txt": "x"}), "archives"),
        (f"素材{i}.rar", c.rar(i), "archives"),
        (f"录音{i}.m4a", c.m4a(i), "audio"),
        (f"歌曲{i}.flac", c.flac(i), "audio"),
        (f"视频{i}.mp4", c.mp4(i), "videos"),
        (f"脚本{i}.py", c.text(f"print({i})\n"), "code"),
    ])
    return file(name, data, kind)


def _zh_gbk(i, rng):
    """Names of an old archive unpacked on Linux: GBK bytes."""
    stem, kind, data = rng.choice([
        ("文件{i}.doc", "documents", c.ole(1000 + i)),
        ("照片{i}.jpg", "images", c.jpeg(1000 + i)),
        ("表格{i}.xls", "documents", c.ole(2000 + i)),
        ("说明{i}.txt", "documents", f"说明 {i}\n".encode("gbk")),
    ])
    return file(gbk(stem.format(i=i)), data, kind)


def downloads_zh(size):
    """A Chinese Downloads: `size` "large" (about 300 entries) or "small"
    (about 40)."""
    small = size == "small"
    cases = _cases()
    if small:
        cases = [item for item in cases if item.small]
    target = 40 if small else 300
    makers = [_zh_document, _zh_image, _zh_other, _zh_gbk, _zh_document, _zh_image]
    return cases + fill(f"downloads-zh-{size}", makers, target - len(cases), cases)

