# mrpb_final.sdc - mrpb_final is mrpb with its modes tied to the paper's final
# design; the ports and the budget are those of mrpb.sdc.
source [file join $::ms_constraints_dir mrpb.sdc]
