#include "cwb_peer.h"
static int m_(const cwb_case *c, const cwb_peer_bodies *b, cwb_peer_map *m, char *msg, size_t n)
{
    (void)c;
    (void)b;
    (void)m;
    return cwb_fail(msg, n, CWB_EINPUT, "not yet");
}
const cwb_peer_code cwb_peer_liggghts = {
    .name = "liggghts", .program = "liggghts", .package = "liggghts", .map = m_};
