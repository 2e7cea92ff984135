"""Art stage: pictures → drawn: icon files → vector drawings coloured by team, or rasters (icons, icon_checks);
token faces with their name arcs, leaves and marks (token_art); where tokens go on the cut sheets (token_layout)
and the sheets' legend (token_legend).
"""
