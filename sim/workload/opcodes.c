/* opcodes.c - SASS opcodes to this model's instruction classes (kernel.h:
 * op_lookup, op_classify, the per-kernel opcode table optab_t). */
#include <stdlib.h>
#include <string.h>

#include "workload/kernel.h"

/* Every base name of the SASS opcode tables Accel-Sim knows (its ISA_Def
 * Kepler, Pascal - which Maxwell traces use too -, Volta, Turing and Ampere
 * maps), with this model's class. Accel-Sim's categories map as: SP_OP ->
 * fp, DP_OP -> dp, SFU_OP -> sfu, INTP_OP and ALU_OP -> int, the branch
 * unit (and CALL/RET ops) -> branch, BARRIER_OP -> bar, MEMORY_BARRIER_OP ->
 * membar, EXIT_OPS -> exit; loads, stores and atomics by their memory space.
 * Where this model has no unit of its own, the nearest one: tensor-core MMAs
 * by their data type (HMMA fp, DMMA dp, IMMA/BMMA int), the uniform datapath,
 * textures, surfaces, constant loads and cache control int (none of those
 * memories is modelled: addresses they carry are not used). Two spellings
 * outside these tables are kept from before: FENCE (membar) and RRO as sfu
 * (Accel-Sim: fp; it only prepares a MUFU operand). LDGSTS, Ampere's
 * asynchronous global -> shared copy, is a global load (as in Accel-Sim):
 * the global read is what reaches the memory system; its data goes to shared
 * memory, not to a register, and the trace names no destination register. */
static const struct {
    const char *base;
    op_class_t cls;
} op_table[] = {
    /* global, local and shared memory, atomics (LD/ST: generic, read as global) */
    {"LD", OP_LDG}, {"LDG", OP_LDG}, {"LDGSTS", OP_LDG}, {"ST", OP_STG}, {"STG", OP_STG},
    {"LDL", OP_LDL}, {"STL", OP_STL},
    {"LDS", OP_LDS}, {"LDSM", OP_LDS}, {"LDSLK", OP_LDS}, {"STS", OP_STS}, {"STSCUL", OP_STS},
    {"ATOMS", OP_ATOMS}, {"ATOM", OP_ATOM}, {"ATOMG", OP_ATOM}, {"RED", OP_RED},
    /* barriers, exit */
    {"BAR", OP_BAR}, {"MEMBAR", OP_MEMBAR}, {"FENCE", OP_MEMBAR}, {"EXIT", OP_EXIT},
    /* control */
    {"BMOV", OP_BRANCH}, {"BPT", OP_BRANCH}, {"BRA", OP_BRANCH}, {"BREAK", OP_BRANCH}, {"BRK", OP_BRANCH},
    {"BRX", OP_BRANCH}, {"BRXU", OP_BRANCH}, {"BSSY", OP_BRANCH}, {"BSYNC", OP_BRANCH}, {"CAL", OP_BRANCH},
    {"CALL", OP_BRANCH}, {"CONT", OP_BRANCH}, {"JCAL", OP_BRANCH}, {"JMP", OP_BRANCH}, {"JMX", OP_BRANCH},
    {"JMXU", OP_BRANCH}, {"KILL", OP_BRANCH}, {"NANOSLEEP", OP_BRANCH}, {"PBK", OP_BRANCH},
    {"PCNT", OP_BRANCH}, {"PEXIT", OP_BRANCH}, {"PRET", OP_BRANCH}, {"RET", OP_BRANCH},
    {"RPCMOV", OP_BRANCH}, {"RTT", OP_BRANCH}, {"SSY", OP_BRANCH}, {"SYNC", OP_BRANCH},
    {"WARPSYNC", OP_BRANCH}, {"YIELD", OP_BRANCH},
    /* single and half precision, FP tensor MMA */
    {"FADD", OP_FP}, {"FADD32I", OP_FP}, {"FCHK", OP_FP}, {"FCMP", OP_FP}, {"FFMA", OP_FP},
    {"FFMA32I", OP_FP}, {"FMNMX", OP_FP}, {"FMUL", OP_FP}, {"FMUL32I", OP_FP}, {"FSEL", OP_FP},
    {"FSET", OP_FP}, {"FSETP", OP_FP}, {"FSWZ", OP_FP}, {"FSWZADD", OP_FP},
    {"HADD2", OP_FP}, {"HADD2_32I", OP_FP}, {"HFMA2", OP_FP}, {"HFMA2_32I", OP_FP}, {"HMUL2", OP_FP},
    {"HMUL2_32I", OP_FP}, {"HMNMX2", OP_FP}, {"HSET2", OP_FP}, {"HSETP2", OP_FP}, {"HMMA", OP_FP},
    /* double precision */
    {"DADD", OP_DP}, {"DFMA", OP_DP}, {"DMUL", OP_DP}, {"DMNMX", OP_DP}, {"DSET", OP_DP},
    {"DSETP", OP_DP}, {"DMMA", OP_DP},
    /* special functions */
    {"MUFU", OP_SFU}, {"RRO", OP_SFU},
    /* integer */
    {"BFE", OP_INT}, {"BFI", OP_INT}, {"BMMA", OP_INT}, {"BMSK", OP_INT}, {"BREV", OP_INT},
    {"FLO", OP_INT}, {"IABS", OP_INT}, {"IADD", OP_INT}, {"IADD3", OP_INT}, {"IADD32I", OP_INT},
    {"ICMP", OP_INT}, {"IDP", OP_INT}, {"IDP4A", OP_INT}, {"IMAD", OP_INT}, {"IMADSP", OP_INT},
    {"IMMA", OP_INT}, {"IMNMX", OP_INT}, {"IMUL", OP_INT}, {"IMUL32I", OP_INT}, {"ISAD", OP_INT},
    {"ISCADD", OP_INT}, {"ISCADD32I", OP_INT}, {"ISET", OP_INT}, {"ISETP", OP_INT}, {"ISUB", OP_INT},
    {"LEA", OP_INT}, {"LOP", OP_INT}, {"LOP3", OP_INT}, {"LOP32I", OP_INT}, {"POPC", OP_INT},
    {"SHF", OP_INT}, {"SHL", OP_INT}, {"SHR", OP_INT}, {"VABSDIFF", OP_INT}, {"VABSDIFF4", OP_INT},
    {"VADD", OP_INT}, {"VMNMX", OP_INT}, {"XMAD", OP_INT},
    /* conversions, moves, predicates */
    {"F2F", OP_INT}, {"F2FP", OP_INT}, {"F2I", OP_INT}, {"F2IP", OP_INT}, {"FRND", OP_INT},
    {"I2F", OP_INT}, {"I2FP", OP_INT}, {"I2I", OP_INT}, {"I2IP", OP_INT},
    {"MOV", OP_INT}, {"MOV32I", OP_INT}, {"MOVM", OP_INT}, {"PRMT", OP_INT}, {"SEL", OP_INT},
    {"SGXT", OP_INT}, {"SHFL", OP_INT},
    {"CSET", OP_INT}, {"CSETP", OP_INT}, {"P2R", OP_INT}, {"PLOP3", OP_INT}, {"PSET", OP_INT},
    {"PSETP", OP_INT}, {"R2P", OP_INT},
    /* constant loads, cache control, memory queries (not modelled) */
    {"LDC", OP_INT}, {"CCTL", OP_INT}, {"CCTLL", OP_INT}, {"CCTLT", OP_INT}, {"ERRBAR", OP_INT},
    {"LDGDEPBAR", OP_INT}, {"MATCH", OP_INT}, {"QSPC", OP_INT},
    /* uniform datapath (Turing, Ampere) */
    {"R2UR", OP_INT}, {"REDUX", OP_INT}, {"S2UR", OP_INT}, {"UBMSK", OP_INT}, {"UBREV", OP_INT},
    {"UCLEA", OP_INT}, {"UF2FP", OP_INT}, {"UFLO", OP_INT}, {"UIADD3", OP_INT}, {"UIMAD", OP_INT},
    {"UISETP", OP_INT}, {"ULDC", OP_INT}, {"ULEA", OP_INT}, {"ULOP", OP_INT}, {"ULOP3", OP_INT},
    {"ULOP32I", OP_INT}, {"UMOV", OP_INT}, {"UP2UR", OP_INT}, {"UPLOP3", OP_INT}, {"UPOPC", OP_INT},
    {"UPRMT", OP_INT}, {"UPSETP", OP_INT}, {"UR2UP", OP_INT}, {"USEL", OP_INT}, {"USGXT", OP_INT},
    {"USHF", OP_INT}, {"USHL", OP_INT}, {"USHR", OP_INT}, {"VOTEU", OP_INT},
    /* textures and surfaces (not modelled) */
    {"TEX", OP_INT}, {"TEXS", OP_INT}, {"TLD", OP_INT}, {"TLD4", OP_INT}, {"TLD4S", OP_INT},
    {"TLDS", OP_INT}, {"TMML", OP_INT}, {"TXD", OP_INT}, {"TXQ", OP_INT},
    {"SUATOM", OP_INT}, {"SUBFM", OP_INT}, {"SUCLAMP", OP_INT}, {"SUEAU", OP_INT}, {"SULD", OP_INT},
    {"SULDGA", OP_INT}, {"SUQUERY", OP_INT}, {"SURED", OP_INT}, {"SUST", OP_INT}, {"SUSTGA", OP_INT},
    /* miscellaneous */
    {"B2R", OP_INT}, {"CS2R", OP_INT}, {"CSMTEST", OP_INT}, {"DEPBAR", OP_INT}, {"GETLMEMBASE", OP_INT},
    {"LEPC", OP_INT}, {"NOP", OP_INT}, {"PMTRIG", OP_INT}, {"R2B", OP_INT}, {"S2R", OP_INT},
    {"SETCTAID", OP_INT}, {"SETLMEMBASE", OP_INT}, {"VOTE", OP_INT}, {"VOTE_VTG", OP_INT},
};

int op_lookup(const char *opcode)
{
    size_t n = strcspn(opcode, ".");
    for (size_t i = 0; i < sizeof op_table / sizeof op_table[0]; i++)
        if (strlen(op_table[i].base) == n && !strncmp(op_table[i].base, opcode, n))
            return (int)op_table[i].cls;
    return -1;
}

op_class_t op_classify(const char *opcode)
{
    int c = op_lookup(opcode);
    return c < 0 ? OP_INT : (op_class_t)c;
}

/* 1 if one of the opcode's '.'-separated parts after its base name is `part`. */
static int has_part(const char *opcode, const char *part)
{
    size_t n = strlen(part);
    for (const char *p = strchr(opcode, '.'); p; p = strchr(p + 1, '.'))
        if (!strncmp(p + 1, part, n) && (p[1 + n] == '.' || !p[1 + n]))
            return 1;
    return 0;
}

int optab_intern(optab_t *t, const char *opcode)
{
    for (unsigned i = 0; i < t->n; i++)
        if (!strcmp(t->name[i], opcode))
            return (int)i;
    if (t->n == OPTAB_MAX)
        return -1;
    char *s = strdup(opcode);
    if (!s)
        return -1;
    int c = op_lookup(opcode);
    t->name[t->n] = s;
    t->cls[t->n] = (uint8_t)(c < 0 ? OP_INT : c);
    t->unknown[t->n] = c < 0;
    t->nunknown += c < 0;
    t->addr64[t->n] = (c == OP_LDG || c == OP_STG || c == OP_ATOM || c == OP_RED) && has_part(opcode, "E");
    return (int)t->n++;
}

void optab_free(optab_t *t)
{
    for (unsigned i = 0; i < t->n; i++)
        free(t->name[i]);
    t->n = t->nunknown = 0;
}
