import type { PartialMessages } from "./partial";

/**
 * Arabic: navigation and common texts, rendered right to left; the rest falls back to en-us.
 * The spec's Arabic set from an earlier product (BSD, subscriptions) is not carried over.
 */
export const arAe: PartialMessages = {
  nav: {
    home: "الرئيسية",
    pledge: "الرهن",
    market: "السوق",
    exchange: "التبادل",
    ecosystem: "النظام البيئي",
    share: "مشاركة",
    announcement: "الإعلانات",
    menu: "القائمة",
    language: "اللغة",
  },
  common: {
    noMore: "لا مزيد~",
    noData: "لا توجد بيانات",
    loadFailed: "فشل التحميل",
    requestFailedReload: "فشل الطلب، انقر لإعادة التحميل",
    notOpenYet: "غير متاح بعد",
    comingSoon: "قريبًا",
    wallet: "المحفظة",
    copy: "نسخ",
    copied: "تم نسخ المحتوى إلى الحافظة",
    copyFailed: "فشل النسخ، يرجى النسخ يدويًا",
    confirm: "تأكيد",
    cancel: "إلغاء",
    back: "رجوع",
  },
};
