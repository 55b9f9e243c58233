"""A Chinese office worker's folder (`--lang zh`), written before tidyup's
planner was taught anything about it: WeChat and Windows screenshots, WPS
documents, OFD and PDF e-invoices beside the user's own 发票 folder, a
company certificate with its key, copies named 副本 beside their
originals, meeting recordings, and the user's 2023年照片 folder."""
import contents as c
from folders_personas import _copy, _dated, _sized
from items import file, in_use, into, secret, stays


def _ofd(title):
    return c.zip_of({"OFD.xml": f"<ofd:OFD><ofd:DocBody><ofd:DocInfo><ofd:Title>{title}</ofd:Title>"
                                "</ofd:DocInfo></ofd:DocBody></ofd:OFD>"})


def _wechat_shot(i, rng):
    stamp = f"2024{rng.randrange(1, 13):02d}{rng.randrange(1, 29):02d}{rng.randrange(0, 24):02d}" \
            f"{rng.randrange(0, 60):02d}{rng.randrange(0, 60):02d}"
    name = rng.choice([f"微信截图_{stamp}.png", f"屏幕截图 {stamp[:4]}-{stamp[4:6]}-{stamp[6:8]} {stamp[8:]}.png",
                       f"企业微信截图_{stamp}.png"])
    return file(name, c.png(6000 + i), "images")


def _wps(i, rng):
    name, data = rng.choice([
        (f"工作总结{i}.wps", c.ole(6000 + i)),
        (f"销售数据{i}.et", c.ole(7000 + i)),
        (f"汇报材料{i}.dps", c.ole(8000 + i)),
        (f"会议纪要_{i}.docx", c.docx(f"会议纪要 {i}")),
        (f"项目进度表{i}.xlsx", c.xlsx(f"进度 {i}")),
        (f"通知{i}.pdf", c.pdf(f"Tongzhi {i}")),
    ])
    return file(name, data, "documents")


def _fapiao(i, rng):
    vendor = rng.choice(["滴滴", "美团", "京东", "携程", "中国移动", "顺丰"])
    month = rng.randrange(1, 13)
    name, data = rng.choice([
        (f"发票_2024-{month:02d}_{vendor}_{i}.pdf", c.pdf(f"Fapiao {vendor} {i}")),
        (f"电子发票_{vendor}_2024{month:02d}{i:02d}.ofd", _ofd(f"电子发票 {vendor} {i}")),
    ])
    return into("发票", file(name, data, "documents"))


def _photo_2023(i, rng):
    month, day = rng.randrange(1, 13), rng.randrange(1, 29)
    taken = f"2023:{month:02d}:{day:02d} 12:{i % 60:02d}:00"
    name = rng.choice([f"IMG_2023{month:02d}{day:02d}_12{i % 60:02d}00.jpg",
                       f"微信图片_2023{month:02d}{day:02d}12{i % 60:02d}00.jpg"])
    return into("2023年照片", file(name, c.jpeg_exif(2023_000 + i, taken), "images"))


def _photo_2024(i, rng):
    month, day = rng.randrange(1, 13), rng.randrange(1, 29)
    taken = f"2024:{month:02d}:{day:02d} 09:{i % 60:02d}:00"
    name = rng.choice([f"IMG_2024{month:02d}{day:02d}_09{i % 60:02d}00.jpg",
                       f"微信图片_2024{month:02d}{day:02d}09{i % 60:02d}00.jpg"])
    return file(name, c.jpeg_exif(2024_000 + i, taken), "images", expect=("images", "2024年照片"))


def _recording(i, rng):
    month, day = rng.randrange(1, 13), rng.randrange(1, 29)
    name, data, kind = rng.choice([
        (f"腾讯会议录制_2024{month:02d}{day:02d}_{i:02d}.mp4", c.mp4(9000 + i), "videos"),
        (f"会议录音 2024-{month:02d}-{day:02d} {i}.m4a", c.m4a(9000 + i), "audio"),
        (f"钉钉会议_{i}.mp4", c.mp4(9500 + i), "videos"),
    ])
    return file(name, data, kind)


def _zh_installer(i, rng):
    name, data = rng.choice([
        (f"DingTalk_v7.5.{i}.exe", c.exe(9000 + i)),
        (f"WeCom_4.1.{i}.exe", c.exe(9100 + i)),
        (f"TencentMeeting_0300_3.2{i}.exe", c.exe(9200 + i)),
        (f"WPS_Setup_{12000 + i}.exe", c.exe(9300 + i)),
    ])
    return file(name, data, "installers")


def _cases():
    expense = file("报销单.xlsx", c.xlsx("报销单 2024年3月"), "documents", expect=("documents", "stay"),
                   small=True)
    contract = file("合同.docx", c.docx("采购合同 2024"), "documents", expect=("documents", "stay"), small=True)
    contacts = file("通讯录.xlsx", c.xlsx("部门通讯录"), "documents", expect=("documents", "stay"))
    cases = [
        stays("发票", {"发票_2024-01_美团.pdf": c.pdf("Fapiao Meituan January"),
                       "电子发票_京东_20240215.ofd": _ofd("电子发票 京东 2024-02")}, small=True),
        stays("2023年照片", {"IMG_20230501_101010.jpg": c.jpeg_exif(1, "2023:05:01 10:10:10"),
                             "微信图片_20231001120000.jpg": c.jpeg_exif(2, "2023:10:01 12:00:00")}, small=True),
        file("微信截图_20240206090713.png", c.png(20240206), "images", small=True),
        file("屏幕截图 2024-03-12 101530.png", c.png(20240312), "images", small=True),
        file("季度总结.wps", c.ole(1), "documents", small=True),
        file("预算表.et", c.ole(2), "documents", small=True),
        file("年会方案.dps", c.ole(3), "documents", small=True),
        into("发票", file("发票_2024-03_滴滴.pdf", c.pdf("Fapiao Didi March"), "documents", small=True)),
        into("发票", file("电子发票_携程_20240318.ofd", _ofd("电子发票 携程 2024-03"), "documents", small=True)),
        into("发票", file("dzfp_24312000000012345678_上海某某科技有限公司_20240320.pdf",
                          c.pdf("Dianzi fapiao 20240320"), "documents", small=True)),
        secret("企业数字证书.pfx", c.der(88), small=True),
        secret("CA证书_私钥.key", c.pem("PRIVATE KEY", 88)),
        expense,
        _copy(expense, "报销单（副本）.xlsx", expect=("documents", "dup"), small=True),
        contract,
        _copy(contract, "合同 副本.docx", expect=("documents", "dup"), small=True),
        contacts,
        _copy(contacts, "通讯录(1).xlsx", expect=("documents", "dup"), older_by=7 * 86_400),
        file("腾讯会议录制_20240305_143000.mp4", c.mp4(20240305), "videos", small=True),
        file("会议录音 2024-03-05.m4a", c.m4a(20240305), "audio", small=True),
        into("2023年照片", file("IMG_20230812_153012.jpg", c.jpeg_exif(3, "2023:08:12 15:30:12"), "images",
                                small=True)),
        into("2023年照片", file("微信图片_20230605101010.jpg", c.jpeg_exif(4, "2023:06:05 10:10:10"), "images",
                                small=True)),
        into("2023年照片", file("mmexport1690000000000.jpg", c.jpeg_exif(5, "2023:07:22 12:26:40"), "images")),
        file("IMG_20240310_093000.jpg", c.jpeg_exif(6, "2024:03:10 09:30:00"), "images",
             expect=("images", "2024年照片"), small=True),
        file("员工手册2024.pdf", c.pdf("Yuangong shouce 2024"), "documents", small=True),
        file("WeChatSetup.exe", c.exe(77), "installers", small=True),
        file("项目资料.zip", c.zip_of({"说明.txt": "项目"}), "archives", small=True),
        in_use("~$季度总结.docx", b"\x06lihua" + b"\x00" * 40, small=True),
        file("季度总结.docx", c.docx("季度总结 2024 Q1"), "documents", expect=("documents", "stay"), small=True),
    ]
    return _dated(cases, 80)


def office_zh(size):
    """A Chinese office worker's folder: `size` "large" (about 300) or "small" (about 40)."""
    makers = [_wechat_shot, _wps, _fapiao, _photo_2023, _photo_2024, _recording, _wps, _zh_installer]
    return _sized("office-zh", size, _cases(), makers)
